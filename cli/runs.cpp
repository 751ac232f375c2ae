// fairness-eval runs [OPTIONS] RUN...: every metric per query over TREC runs (SPEC "Run
// evaluation"). The CLI reads its command line and the files (gzip or plain, through zlib, in
// chunks: a 3 GB collection is never read whole) and feeds the bytes to the core's
// runs::Evaluation, whose readers, metrics and statistics are the page's too. The output is buffered and written only when all is done, so
// bad input leaves nothing half-written on stdout: one message on stderr, exit 2.
#include "runs.hpp"
#include <algorithm>

#include <unistd.h>
#include <zlib.h>

#include <nlohmann/json.hpp>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <initializer_list>
#include <iostream>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "fairness/runs/evaluation.hpp"
#include "fairness/runs/options.hpp"
#include "fairness/scenario.hpp"
#include "option.hpp"
#include "output.hpp"

namespace fairness::cli {

namespace {

constexpr int bad_input = 2;

const char* usage =
    "usage: fairness-eval runs [OPTIONS] RUN...        RUN is PATH or NAME=PATH (name: file stem; a file is a PATH)\n"
    "  A FILE or PATH of - is stdin (one input at most), e.g. a run from a pipe: ... | fairness-eval runs -\n"
    "  --collection FILE     TSV or JSONL, optionally .gz (required unless every metric asked needs no text)\n"
    "  --labels FILE         docid,label          --qrels FILE        TREC qrels\n"
    "  --queries FILE        ids, or annotated CSV   --query-label L   keep only queries labelled L\n"
    "  --background FILE     a background run     --background-from run|collection   (default: run)\n"
    "  --background-depth N  (200)                --cutoffs 10,20     (default: those of --metrics, else 10,20)\n"
    "  --order score|file    (score)              --official\n"
    "  --params FILE         a scenario JSON (an exported one too): its groups, lexicon, params apply\n"
    "  --baseline NAME       (the first run)      --metrics LIST      (default: every metric)\n"
    "  --format json|csv|table|comparisons-csv   (table)   --per-query   (add per-query rows to csv/table)\n"
    "  --ci t|bootstrap      95% intervals: Student's t (default), or t and a bootstrap percentile interval\n"
    "  --bootstrap-samples N (10000; 100 to 1000000)  --bootstrap-seed N (20240915; 0 to 4294967295)\n"
    "  --progress            progress on stderr (documents read, MB/s, ETA; the default on a terminal)\n"
    "  --no-progress         none, even on a terminal\n";

struct Usage : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The file being read, named when memory runs out ("out of memory while reading FILE").
std::string reading;

// "-" is stdin, as in the scenario mode; messages name it so.
bool is_stdin(const std::string& path) { return path == "-"; }
std::string shown(const std::string& path) { return is_stdin(path) ? "stdin" : path; }

// A file read in chunks; a gzip file (by its magic bytes, whatever its name) is inflated as it
// streams. Concatenated gzip members are read one after the other, as gzip does; a stream cut
// short (a truncated download, a header alone) and bytes after the last member are refused:
// evaluating part of a file is never silent.
class Reader {
public:
    explicit Reader(const std::string& path) : path_(shown(path)) {
        reading = path_;
        file_ = is_stdin(path) ? stdin : std::fopen(path.c_str(), "rb");
        if (!file_) throw runs::InputError(path, 0, "", std::string("cannot open the file: ") + std::strerror(errno));
        std::error_code ec;
        size_ = is_stdin(path) ? 0 : std::filesystem::file_size(path, ec);  // a pipe's size is not known
        if (ec) size_ = 0;
        fill();
        gzip_ = available_ >= 2 && static_cast<unsigned char>(in_[0]) == 0x1f && static_cast<unsigned char>(in_[1]) == 0x8b;
        if (available_ == 1 && static_cast<unsigned char>(in_[0]) == 0x1f)
            throw runs::InputError(path_, 0, "", "truncated: the file ends inside its gzip stream (a cut download?)");
        if (gzip_ && inflateInit2(&stream_, 15 + 16) != Z_OK) throw runs::InputError(path_, 0, "", "cannot start zlib");
    }
    ~Reader() {
        if (gzip_) inflateEnd(&stream_);
        if (file_ && file_ != stdin) std::fclose(file_);
    }
    Reader(const Reader&) = delete;
    Reader& operator=(const Reader&) = delete;

    // The next chunk, empty at the end.
    std::string_view next() {
        if (!gzip_) {
            if (available_ == 0) fill();
            const std::size_t n = available_;
            available_ = 0;
            return {in_.data(), n};
        }
        out_.resize(chunk_size);
        stream_.next_out = reinterpret_cast<Bytef*>(out_.data());
        stream_.avail_out = static_cast<uInt>(out_.size());
        while (stream_.avail_out > 0) {
            if (stream_.avail_in == 0) {
                if (available_ == 0) fill();
                if (available_ == 0) {
                    if (in_member_)
                        throw runs::InputError(path_, 0, "", "truncated: the file ends inside its gzip stream (a cut download?)");
                    break;
                }
                stream_.next_in = reinterpret_cast<Bytef*>(in_.data());
                stream_.avail_in = static_cast<uInt>(available_);
                available_ = 0;
            }
            if (!in_member_) {
                // After a member: another member, or the end. Anything else is not gzip.
                if (stream_.avail_in < 2 && !more_input()) {
                    throw runs::InputError(path_, 0, "", "truncated: the gzip stream ends inside a member's header");
                }
                if (stream_.next_in[0] != 0x1f || stream_.next_in[1] != 0x8b)
                    throw runs::InputError(path_, 0, "", "bytes after the end of the gzip stream (not a gzip member)");
                inflateReset(&stream_);
                in_member_ = true;
            }
            const int code = inflate(&stream_, Z_NO_FLUSH);
            if (code == Z_STREAM_END)
                in_member_ = false;
            else if (code != Z_OK && code != Z_BUF_ERROR)
                throw runs::InputError(path_, 0, "",
                                       std::string("not a valid gzip stream: ") + (stream_.msg ? stream_.msg : "corrupt data"));
        }
        out_.resize(out_.size() - stream_.avail_out);
        return out_;
    }
    // How far into the file (compressed bytes for a .gz), and its size.
    std::uint64_t offset() const { return consumed_; }
    std::uint64_t size() const { return size_; }

private:
    static constexpr std::size_t chunk_size = 4 << 20;
    static constexpr std::size_t read_size = 1 << 18;

    void fill() {
        in_.resize(read_size);
        available_ = std::fread(in_.data(), 1, in_.size(), file_);
        if (std::ferror(file_)) throw runs::InputError(path_, 0, "", std::string("cannot read the file: ") + std::strerror(errno));
        consumed_ += available_;
    }
    // Moves the unread input to the front and appends the next read (a member header split
    // between two reads).
    bool more_input() {
        std::string rest(reinterpret_cast<const char*>(stream_.next_in), stream_.avail_in);
        fill();
        rest.append(in_.data(), available_);
        if (rest.size() < 2) return false;
        in_ = std::move(rest);
        stream_.next_in = reinterpret_cast<Bytef*>(in_.data());
        stream_.avail_in = static_cast<uInt>(in_.size());
        available_ = 0;
        return true;
    }

    std::string path_;
    std::FILE* file_ = nullptr;
    std::uint64_t size_ = 0, consumed_ = 0;
    bool gzip_ = false, in_member_ = true;
    z_stream stream_{};
    std::string in_, out_;
    std::size_t available_ = 0;
};

std::string stem(const std::string& path) {
    if (is_stdin(path)) return "stdin";
    std::filesystem::path p(path);
    if (p.extension() == ".gz") p = p.stem();
    return p.stem().string();
}

void feed_file(runs::Evaluation& ev, runs::Input kind, const std::string& name, const std::string& path) {
    Reader reader(path);
    ev.begin(kind, name, shown(path));
    for (auto chunk = reader.next(); !chunk.empty(); chunk = reader.next()) ev.feed(chunk);
    ev.end();
}

std::string read_whole(const std::string& path) {
    Reader reader(path);
    std::string out;
    for (auto chunk = reader.next(); !chunk.empty(); chunk = reader.next()) out.append(chunk);
    return out;
}

void feed_collection(runs::Evaluation& ev, const std::string& path, bool progress) {
    Reader reader(path);
    ev.collection_begin(shown(path));
    const auto start = std::chrono::steady_clock::now();
    const std::clock_t cpu_start = std::clock();
    auto last = start;
    const auto report = [&](bool final) {
        const auto now = std::chrono::steady_clock::now();
        const double seconds = std::chrono::duration<double>(now - start).count();
        const auto& p = ev.progress();
        const double done = reader.size() ? static_cast<double>(reader.offset()) / static_cast<double>(reader.size()) : 0;
        const double rate = seconds > 0 ? static_cast<double>(p.bytes) / 1e6 / seconds : 0;
        const double eta = done > 0 && !final ? seconds * (1 - done) / done : 0;
        if (final) {
            // The scan's processor time too: on a busy machine, wall time includes waiting for a core.
            const double cpu = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
            std::fprintf(stderr, "\rcollection: %llu documents read, %llu kept, %.0f MB/s, in %.2f s (%.2f s processor)\n",
                         static_cast<unsigned long long>(p.documents), static_cast<unsigned long long>(p.kept), rate, seconds, cpu);
            return;
        }
        if (!reader.size()) {  // a pipe: how much is left is not known
            std::fprintf(stderr, "\rcollection: %llu documents read, %llu kept, %.0f MB/s   ", static_cast<unsigned long long>(p.documents),
                         static_cast<unsigned long long>(p.kept), rate);
            return;
        }
        std::fprintf(stderr, "\rcollection: %llu documents read, %llu kept, %.0f MB/s, %3.0f%%, ETA %.0f s   ",
                     static_cast<unsigned long long>(p.documents), static_cast<unsigned long long>(p.kept), rate, 100 * done, eta);
    };
    for (auto chunk = reader.next(); !chunk.empty(); chunk = reader.next()) {
        ev.collection_feed(chunk);
        if (progress && std::chrono::steady_clock::now() - last > std::chrono::milliseconds(500)) {
            last = std::chrono::steady_clock::now();
            report(false);
        }
    }
    ev.collection_end();
    if (progress) report(true);
}

std::vector<std::string> split_list(const std::string& s) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= s.size()) {
        const auto comma = s.find(',', start);
        auto piece = s.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        // Spaces around an item, as in "10, 20" or "NFaiRR, nDCG", are not part of it.
        piece.erase(0, piece.find_first_not_of(" \t"));
        piece.erase(piece.find_last_not_of(" \t") + 1);
        if (!piece.empty()) out.push_back(piece);
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return out;
}

// One of an option's named choices, or "OPTION is a or b, got 'v'".
template <typename T>
T choice(const std::string& option, const std::string& value, std::initializer_list<std::pair<const char*, T>> choices) {
    std::string names;
    std::size_t i = 0;
    for (const auto& [name, result] : choices) {
        if (value == name) return result;
        names += (i == 0 ? "" : i + 1 == choices.size() ? " or " : ", ") + std::string(name);
        ++i;
    }
    throw Usage(option + " is " + names + ", got '" + value + "'");
}

enum class Format { table, json, csv, comparisons_csv };

// What the command line asks for: the files, the core's options, and how to show the results.
struct Request {
    // The core's options as the page sends them (runs/options.hpp), each value as typed: the core
    // reads and checks them, so the CLI and the page refuse a value in the same words.
    nlohmann::json options = nlohmann::json::object();
    runs::Options opt;
    std::vector<std::pair<std::string, std::string>> run_files;  // name, path
    std::string collection, labels, qrels, queries, background, params;
    Format format = Format::table;
    bool per_query = false;
    // Progress by default when stderr is a terminal (a person waiting), never into a file or pipe.
    bool progress = isatty(fileno(stderr)) != 0;
    bool help = false;
};

// A run argument: NAME=PATH names a run, unless the whole argument is a file: a parameter
// sweep's run is often called bm25_k1=0.9,b=0.4.run.
std::pair<std::string, std::string> run_file(const std::string& arg) {
    const auto eq = arg.find('=');
    std::error_code ignored;
    if (eq == std::string::npos || eq == 0 || std::filesystem::exists(arg, ignored)) return {stem(arg), arg};
    const auto path = arg.substr(eq + 1);
    if (!is_stdin(path) && !std::filesystem::exists(path, ignored))
        throw runs::InputError(arg, 0, "",
                               "no such file, nor '" + path + "' (NAME=PATH: the run '" + arg.substr(0, eq) + "' in file '" + path + "')");
    return {arg.substr(0, eq), path};
}

// Reads the options one by one; what they mean together is checked by check_request.
Request parse_arguments(int argc, char** argv) {
    Request r;
    auto& opt = r.options;
    std::set<std::string> valued;  // the options with a value given so far
    for (int i = 1; i < argc; ++i) {
        auto option = split_option(argv[i]);
        const std::string& arg = option.name;
        std::optional<std::string>& given = option.value;
        // An empty value (a script's unset variable) or an option given twice would otherwise
        // evaluate something other than what was asked for, without a word.
        const auto value = [&]() -> std::string {
            if (!valued.insert(arg).second) throw Usage(arg + " is given twice; give it once");
            std::string v;
            if (given)
                v = *std::exchange(given, std::nullopt);
            else if (i + 1 >= argc)
                throw Usage(arg + " needs a value");
            else
                v = argv[++i];
            if (v.empty()) throw runs::InputError(arg, 0, "", runs::empty_value);
            return v;
        };
        if (arg == "--collection")
            r.collection = value();
        else if (arg == "--labels")
            r.labels = value();
        else if (arg == "--qrels")
            r.qrels = value();
        else if (arg == "--queries")
            r.queries = value();
        else if (arg == "--query-label")
            opt["queryLabel"] = value();
        else if (arg == "--background")
            r.background = value();
        else if (arg == "--background-from")
            opt["backgroundFrom"] = value();
        else if (arg == "--background-depth")
            opt["backgroundDepth"] = value();
        else if (arg == "--cutoffs")
            opt["cutoffs"] = split_list(value());
        else if (arg == "--order")
            opt["order"] = value();
        else if (arg == "--official")
            opt["official"] = true;
        else if (arg == "--params")
            r.params = value();
        else if (arg == "--baseline")
            opt["baseline"] = value();
        else if (arg == "--metrics") {
            opt["metrics"] = split_list(value());
            // "," would read as no list at all, which is every metric: not what was typed.
            if (opt["metrics"].empty())
                throw runs::InputError(arg, 0, "", "needs at least one metric (leave --metrics out for every metric)");
        } else if (arg == "--format")
            r.format = choice<Format>(
                arg, value(),
                {{"json", Format::json}, {"csv", Format::csv}, {"table", Format::table}, {"comparisons-csv", Format::comparisons_csv}});
        else if (arg == "--ci")
            opt["ci"] = value();
        else if (arg == "--bootstrap-samples")
            opt["bootstrapSamples"] = value();
        else if (arg == "--bootstrap-seed")
            opt["bootstrapSeed"] = value();
        else if (arg == "--per-query")
            r.per_query = true;
        else if (arg == "--progress")
            r.progress = true;
        else if (arg == "--no-progress")
            r.progress = false;
        else if (arg == "-h" || arg == "--help") {
            r.help = true;  // the options after it are not read
            return r;
        } else if (arg.size() > 1 && arg[0] == '-')
            throw Usage("unknown option " + arg);
        else
            r.run_files.push_back(run_file(arg));
        if (given) throw Usage(arg + " takes no value, got '" + *given + "'");
    }
    return r;
}

// What the options mean together: the core's options read, and the combinations it cannot see refused.
void check_request(Request& r) {
    if (r.run_files.empty()) throw Usage("give at least one run file");
    std::size_t from_stdin = 0;
    for (const auto* path : {&r.collection, &r.labels, &r.qrels, &r.queries, &r.background, &r.params}) from_stdin += is_stdin(*path);
    for (const auto& run_file : r.run_files) from_stdin += is_stdin(run_file.second);
    if (from_stdin > 1) throw Usage("- (stdin) can be one input only, not " + std::to_string(from_stdin));
    // Bytes that are not UTF-8 (a Latin-1 file name in a script) are read as U+FFFD, as the outputs write them.
    r.opt = runs::options_from_json(r.options.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
    if (!r.background.empty() && r.options.contains("backgroundFrom") && r.opt.background_from == runs::BackgroundFrom::collection)
        throw Usage("--background and --background-from collection exclude each other");
}

// Feeds every file to the core, the collection last (only the documents the runs retrieve are kept).
runs::Results evaluate(const Request& r) {
    runs::Evaluation ev(r.opt);
    if (!r.params.empty()) {
        try {
            ev.set_params(read_whole(r.params));
        } catch (const ScenarioError& error) {
            throw runs::InputError(shown(r.params), 0, error.field(), error.message());
        }
    }
    for (const auto& [name, path] : r.run_files) feed_file(ev, runs::Input::run, name, path);
    if (!r.background.empty()) feed_file(ev, runs::Input::background, "", r.background);
    if (!r.qrels.empty()) feed_file(ev, runs::Input::qrels, "", r.qrels);
    if (!r.labels.empty()) feed_file(ev, runs::Input::labels, "", r.labels);
    if (!r.queries.empty()) feed_file(ev, runs::Input::queries, "", r.queries);
    if (!r.collection.empty() && ev.needs_collection()) feed_collection(ev, r.collection, r.progress);
    reading.clear();
    return ev.compute();
}

std::string formatted(const runs::Results& results, const Request& r) {
    switch (r.format) {
        case Format::json: return runs::results_json(results);
        case Format::csv: return runs::results_csv(results, r.per_query);
        case Format::comparisons_csv: return runs::results_comparisons_csv(results);
        case Format::table: break;
    }
    return runs::results_table(results, r.per_query);
}

// Warnings on stderr, whatever the format: a CSV piped on (or the JSON, which carries them too)
// never hides an id mismatch, and a table saved to a file holds the results alone.
void warn(const runs::Results& results, const Request& r) {
    for (const auto& warning : results.warnings) std::cerr << "fairness-eval runs: warning: " << warning << "\n";
    // trec_eval's convention: the mean is query "all"; a query of that name would read as one.
    if (r.format == Format::csv && r.per_query && std::find(results.queries.begin(), results.queries.end(), "all") != results.queries.end())
        std::cerr << "fairness-eval runs: warning: a query is named 'all', as the CSV's mean rows are: each run's mean is its last "
                     "row (the JSON keeps them apart)\n";
    if (r.per_query && (r.format == Format::json || r.format == Format::comparisons_csv))
        std::cerr << "fairness-eval runs: warning: --per-query adds rows to csv and table only: "
                  << (r.format == Format::json ? "the JSON holds every per-query value anyway" : "the comparisons are per run and metric")
                  << "\n";
}

}  // namespace

int runs_main(int argc, char** argv) {
    try {
        auto request = parse_arguments(argc, argv);
        if (request.help) {
            std::cout << usage;
            return 0;
        }
        check_request(request);
        const auto results = evaluate(request);
        const std::string out = formatted(results, request);
        std::fwrite(out.data(), 1, out.size(), stdout);
        warn(results, request);
        return finish_output("fairness-eval runs");
    } catch (const Usage& error) {
        std::cerr << "fairness-eval runs: " << error.what() << "; fairness-eval runs --help lists the options\n";
    } catch (const runs::InputError& error) {
        std::cerr << "fairness-eval runs: " << error.what() << "\n";
    } catch (const ScenarioError& error) {
        std::cerr << "fairness-eval runs: " << error.what() << "\n";
    } catch (const std::bad_alloc&) {
        std::cerr << "fairness-eval runs: out of memory " << (reading.empty() ? "while evaluating" : "while reading " + reading) << "\n";
    }
    return bad_input;
}

}  // namespace fairness::cli
