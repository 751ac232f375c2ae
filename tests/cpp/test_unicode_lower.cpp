// fairness::lowercase against Python's str.lower(), the official NFaiRR code's lowercasing:
// tests/cpp/fixtures/python-lower.txt holds what Python answered (scripts/make-unicode-lower.py),
// and every code point is checked here through the public function (not through its tables):
// its mapping, and how the final-sigma rule sees it before and after a Σ.
#include <doctest/doctest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "fairness/unicode_lower.hpp"

using fairness::lowercase;

namespace {

std::string utf8(char32_t cp) {
    std::string out;
    if (cp < 0x80)
        out += static_cast<char>(cp);
    else if (cp < 0x800)
        out += {static_cast<char>(0xC0 | (cp >> 6)), static_cast<char>(0x80 | (cp & 0x3F))};
    else if (cp < 0x10000)
        out += {static_cast<char>(0xE0 | (cp >> 12)), static_cast<char>(0x80 | ((cp >> 6) & 0x3F)), static_cast<char>(0x80 | (cp & 0x3F))};
    else
        out += {static_cast<char>(0xF0 | (cp >> 18)), static_cast<char>(0x80 | ((cp >> 12) & 0x3F)),
                static_cast<char>(0x80 | ((cp >> 6) & 0x3F)), static_cast<char>(0x80 | (cp & 0x3F))};
    return out;
}

std::string from_hex(const std::string& hex) {
    std::string out;
    for (std::size_t i = 0; i + 1 < hex.size(); i += 2) out += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));
    return out;
}

struct Python {
    std::map<char32_t, std::string> lower;  // code points that change
    std::map<char32_t, char> context;       // 'C' cased, 'I' case-ignorable; absent: other
    std::vector<std::pair<std::string, std::string>> strings;
};

const Python& python() {
    static const Python p = [] {
        Python p;
        std::ifstream file(FAIRNESS_SOURCE_DIR "/tests/cpp/fixtures/python-lower.txt");
        REQUIRE(file);
        std::string line;
        while (std::getline(file, line)) {
            std::istringstream in(line);
            std::string kind;
            in >> kind;
            if (kind == "m") {
                std::string cp, out, part;
                in >> cp;
                while (in >> part) out += utf8(static_cast<char32_t>(std::stoul(part, nullptr, 16)));
                p.lower[static_cast<char32_t>(std::stoul(cp, nullptr, 16))] = out;
            } else if (kind == "c") {
                std::string first, last;
                char k = 0;
                in >> first >> last >> k;
                for (auto cp = std::stoul(first, nullptr, 16); cp <= std::stoul(last, nullptr, 16); ++cp)
                    p.context[static_cast<char32_t>(cp)] = k;
            } else if (kind == "s") {
                std::string a, b;
                in >> a >> b;
                p.strings.emplace_back(from_hex(a), from_hex(b));
            }
        }
        return p;
    }();
    return p;
}

const std::string sigma = "\u03A3", small_sigma = "\u03C3", final_sigma = "\u03C2";

}  // namespace

TEST_CASE("every code point lowercases as Python's str.lower()") {
    const auto& p = python();
    REQUIRE(p.lower.size() > 1400);  // Unicode 14.0 has 1,433 lowercase mappings
    std::size_t checked = 0, wrong = 0;
    for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
        if (cp >= 0xD800 && cp <= 0xDFFF) continue;
        const std::string c = utf8(cp);
        const auto found = p.lower.find(cp);
        const std::string expected = found == p.lower.end() ? c : found->second;
        if (lowercase(c) != expected && ++wrong <= 10) {
            CAPTURE(static_cast<unsigned>(cp));
            CHECK(lowercase(c) == expected);
        }
        ++checked;
    }
    CHECK(checked == 0x110000 - 0x800);
    CHECK(wrong == 0);
}

TEST_CASE("every code point plays its part in the final-sigma rule as in Python") {
    // Python's rule: Σ is final after a cased character and not before one, skipping case-ignorable
    // characters both ways. "cΣ" is final iff c is cased and not ignorable; "AΣcA" is final iff c is
    // neither (the same probes the generator put to Python).
    const auto& p = python();
    std::size_t wrong = 0;
    for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
        if (cp >= 0xD800 && cp <= 0xDFFF) continue;
        const std::string c = utf8(cp);
        const auto after = lowercase(c + sigma);
        const auto around = lowercase("A" + sigma + c + "A");
        const char seen = after.ends_with(final_sigma) ? 'C' : around.substr(1, 2) == final_sigma ? 'O' : 'I';
        const auto found = p.context.find(cp);
        const char expected = found == p.context.end() ? 'O' : found->second;
        if (seen != expected && ++wrong <= 10) {
            CAPTURE(static_cast<unsigned>(cp));
            CHECK(seen == expected);
        }
    }
    CHECK(wrong == 0);
}

TEST_CASE("random strings lowercase as Python's str.lower()") {
    const auto& p = python();
    REQUIRE(p.strings.size() == 400);
    for (const auto& string : p.strings) {
        const auto& text = string.first;  // a structured binding cannot be captured before clang 16
        CAPTURE(text);
        CHECK(lowercase(text) == string.second);
    }
}

TEST_CASE("the rules that need more than a table: İ, the Kelvin sign, final sigma") {
    CHECK(lowercase("\u0130STANBUL") == "i\u0307stanbul");  // 2 bytes become 3
    CHECK(lowercase("\u212A") == "k");                      // 3 bytes become 1
    CHECK(lowercase("ΟΔΟΣ") == "οδος");
    CHECK(lowercase("ΟΔΟΣ ΟΔΟΣ.") == "οδος οδος.");
    CHECK(lowercase("ΟΔΟΣ.ΑΒ") == "οδοσ.αβ");  // '.' is case-ignorable: a cased letter follows
    CHECK(lowercase("ΟΔΟΣ'") == "οδος'");
    CHECK(lowercase("Σ") == "σ");  // nothing cased before it
    CHECK(lowercase(" Σ ") == " σ ");
    CHECK(lowercase("ΣΣ") == "σς");
    CHECK(lowercase("A\u0345Σ") == "a\u0345ς");  // U+0345 is cased and case-ignorable: skipped
    CHECK(lowercase("ÉLÈVE Señora STRASSE") == "élève señora strasse");
}

TEST_CASE("a range is lowercased with the whole text as the final-sigma context") {
    const std::string text = "ΟΔΟΣ.ΑΒ ΟΔΟΣ ΑΒ";
    std::string out(fairness::lowercase_capacity(text.size()), '\0');
    // The first word ends in Σ, followed by '.' (ignorable) and a cased letter: σ, as in lower(text).
    CHECK(std::string(out.data(), fairness::lowercase_into(text, 0, 8, out.data())) == "οδοσ");
    CHECK(std::string(out.data(), fairness::lowercase_into(text, 14, 22, out.data())) == "οδος");
}

TEST_CASE("bytes that are not UTF-8 pass through unchanged, and end a final-sigma context") {
    CHECK(lowercase("A\x80"
                    "B") ==
          "a\x80"
          "b");                                          // a stray continuation byte
    CHECK(lowercase("\xC3") == "\xC3");                  // a truncated sequence
    CHECK(lowercase("\xC3\x89\xC3") == "\xC3\xA9\xC3");  // É, then a truncated one
    CHECK(lowercase("\xC0\x81"
                    "A") ==
          "\xC0\x81"
          "a");  // an overlong form
    CHECK(lowercase("\xED\xA0\x80"
                    "A") ==
          "\xED\xA0\x80"
          "a");  // a surrogate
    CHECK(lowercase("\xF4\x90\x80\x80"
                    "A") ==
          "\xF4\x90\x80\x80"
          "a");  // beyond U+10FFFF
    CHECK(lowercase("\xFF\xFE") == "\xFF\xFE");
    CHECK(lowercase("AΣ\xFF"
                    "B") ==
          "aς\xFF"
          "b");                            // the invalid byte ends the word
    CHECK(lowercase("\xFFΣ") == "\xFFσ");  // nothing cased before it
    CHECK(lowercase("A\x80Σ") == "a\x80σ");
}

TEST_CASE("the capacity bounds the longest lowercase") {
    std::string worst;
    for (int i = 0; i < 100; ++i) worst += "\u0130";
    CHECK(lowercase(worst).size() == 300);
    CHECK(fairness::lowercase_capacity(worst.size()) >= 300);
    CHECK(fairness::lowercase_capacity(1) >= 1);
}
