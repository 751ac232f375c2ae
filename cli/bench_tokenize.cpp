// In-process throughput of run evaluation's term counter for `npm run bench`:
//   build/fairness-bench-tokenize COLLECTION.tsv EVERY
// reads the collection (the bench's generated file), takes every EVERY-th passage's text (the
// "named" documents), and prints JSON: bytes of those texts, and the processor seconds the term
// counter (both tokenizers) and the scenario mode's TermIndex take over them, best of 3 rounds.
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "fairness/runs/term_counter.hpp"
#include "fairness/text.hpp"

int main(int argc, char** argv) {
    if (argc != 3) {
        std::cerr << "usage: fairness-bench-tokenize COLLECTION.tsv EVERY\n";
        return 2;
    }
    std::ifstream file(argv[1], std::ios::binary);
    const std::string all((std::istreambuf_iterator<char>(file)), {});
    const std::size_t every = std::stoul(argv[2]);
    std::vector<std::string_view> texts;
    std::size_t bytes = 0, line = 0, start = 0;
    while (start < all.size()) {
        auto end = all.find('\n', start);
        if (end == std::string::npos) end = all.size();
        const auto tab = all.find('\t', start);
        if (line++ % every == 0 && tab < end) {
            texts.emplace_back(all.data() + tab + 1, end - tab - 1);
            bytes += end - tab - 1;
        }
        start = end + 1;
    }
    fairness::Lexicon lexicon;
    lexicon.terms = {fairness::default_terms("female"), fairness::default_terms("male")};
    // Processor time of this process (std::clock), not wall time: the bench machine is shared, and
    // time spent waiting for a core is not the tokenizer's.
    const auto best = [&](auto&& body) {
        double seconds = 1e30;
        for (int round = 0; round < 3; ++round) {
            const std::clock_t t0 = std::clock();
            body();
            seconds = std::min(seconds, static_cast<double>(std::clock() - t0) / CLOCKS_PER_SEC);
        }
        return seconds;
    };
    std::size_t sink = 0;
    double counter[2];
    int i = 0;
    for (const auto tokenizer : {fairness::Tokenizer::whitespace, fairness::Tokenizer::words}) {
        const fairness::runs::TermCounter c(lexicon, tokenizer);
        counter[i++] = best([&] {
            for (const auto t : texts) sink += c.count(t, [&](std::size_t term) { sink += term; });
        });
    }
    const fairness::TermIndex index(lexicon, fairness::Tokenizer::whitespace);
    const double old_index = best([&] {
        for (const auto t : texts) sink += index.analyze(t).tokens;
    });
    std::printf("{\"documents\": %zu, \"bytes\": %zu, \"whitespace\": %.6f, \"words\": %.6f, \"termIndex\": %.6f, \"sink\": %zu}\n",
                texts.size(), bytes, counter[0], counter[1], old_index, sink % 10);
    return 0;
}
