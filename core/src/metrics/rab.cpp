#include "fairness/metrics/rab.hpp"

#include <algorithm>
#include <cmath>

namespace fairness::rab {

namespace {

constexpr std::string_view paper =
    "Rekabsaz, Schedl. Do Neural Ranking Models Intensify Gender Bias? SIGIR 2020. Conventions of its public code, "
    "navid-rekabsaz/GenderBias_IR (MIT).";

const std::vector<ParamInfo> params{
    {"k", "10", "cut-off t"},
    {"rabGroups", "[\"female\", \"male\"]", "groups f and m (default the first two groups when the scenario has no female and male)"},
    {"rabMagnitude", "tf",
     "document magnitude reported as the value: tc (count), tf (ln(count + 1)) or bool (count > 0); all three are reported"},
    {"tokenizer", "words", "how text becomes terms (the public code splits on spaces: whitespace)"}};

// tc and tf count terms, without bound; bool's per-document magnitudes are 0 or 1.
NumericRange bounds(const Params& p) { return p.rab_magnitude == RabMagnitude::boolean ? NumericRange{-1, 1} : NumericRange{}; }

}  // namespace

const MetricDescriptor rab_descriptor{
    .id = "rab",
    .name = "RaB",
    .summary =
        "Rank bias: the mean over the top t documents of each one's male magnitude minus its female magnitude (a count of group "
        "terms, ln(1 + count) or presence; positive leans to m, negative to f).",
    .paper = paper,
    .equations =
        "document magnitudes tc, tf, bool and RaB_t(q) of the paper's bias measurement framework; sign, ln and t' = min(t, n) as in the "
        "code (step 1-3 notebooks)",
    .range = "(-∞, ∞) for tc and tf (unbounded per-document magnitudes); [-1, 1] for bool",
    .numeric_range = bounds,
    .fairer = Fairer::closer_to_zero,
    .uses_cutoff = true,
    .params = params,
    .formula = std::string_view(
        R"(\mathrm{mag}^{\mathrm{tc}}_g(d) = c_g(d) \quad \mathrm{mag}^{\mathrm{tf}}_g(d) = \ln\big(1 + c_g(d)\big) \quad \mathrm{mag}^{\mathrm{bool}}_g(d) = [\,c_g(d) > 0\,] \qquad \mathrm{RaB@}t = \frac{1}{t'} \sum_{i=1}^{t'} \big(\mathrm{mag}_m(d_i) - \mathrm{mag}_f(d_i)\big), \quad t' = \min(t, n))"),
    .chart = {"pull", "weight", "w_i · mag(d): each rank’s pull towards m (up) and f (down); the bars add up to the value"},
    .parts = {{"magnitudes", "", ""}},
};

const MetricDescriptor arab_descriptor{
    .id = "arab",
    .name = "ARaB",
    .summary =
        "Average rank bias: RaB averaged over the cut-offs 1..t, so the top documents weigh most (positive leans to m, negative to f).",
    .paper = paper,
    .equations =
        "ARaB_t(q), the mean of RaB over the cut-offs 1..t, of the paper's bias measurement framework; means over t' = min(t, n) cut-offs "
        "as in the code (step 2 notebook)",
    .range = "(-∞, ∞) for tc and tf (unbounded per-document magnitudes); [-1, 1] for bool",
    .numeric_range = bounds,
    .fairer = Fairer::closer_to_zero,
    .uses_cutoff = true,
    .params = params,
    .formula = std::string_view(
        R"(\mathrm{ARaB@}t = \frac{1}{t'} \sum_{x=1}^{t'} \mathrm{RaB@}x \qquad \mathrm{ARaB@}t = \sum_{i=1}^{t'} w_i \big(\mathrm{mag}_m(d_i) - \mathrm{mag}_f(d_i)\big) \qquad w_i = \frac{1}{t'} \sum_{x=i}^{t'} \frac{1}{x}, \quad t' = \min(t, n))"),
    .chart = {"pull", "weight", "w_i · mag(d): each rank’s pull towards m (up) and f (down); the bars add up to the value"},
    .parts = {{"magnitudes", "", ""}},
};

double magnitude(RabMagnitude m, double count) {
    switch (m) {
        case RabMagnitude::tc: return count;
        case RabMagnitude::tf: return std::log(count + 1);  // natural log, as np.log in the code
        case RabMagnitude::boolean: return count > 0 ? 1.0 : 0.0;
    }
    return 0;
}

namespace {

// Prefix sums of one magnitude over ranks 1..x: Σ mag (RaB's numerators) and Σ_{y<=x} (Σ_{i<=y} mag) / y
// (ARaB's numerators). Every value, at any cut-off, is read from these by the same two divisions,
// so the value at cut-off c in `atCutoff` is, to the bit, that of a fresh evaluation with t = c.
struct Running {
    double sum_f = 0, sum_m = 0;    // Σ_{i<=x} mag_g(d_i)
    double mean_f = 0, mean_m = 0;  // Σ_{y<=x} RaB_g@y

    void add(double mag_f, double mag_m, std::size_t x) {
        sum_f += mag_f, sum_m += mag_m;
        const auto y = static_cast<double>(x);
        mean_f += sum_f / y, mean_m += sum_m / y;
    }
    Parts rab(std::size_t x) const { return parts(sum_f, sum_m, x); }
    Parts arab(std::size_t x) const { return parts(mean_f, mean_m, x); }

    // value = m - f of the two parts, as the code's step 3 takes it.
    static Parts parts(double f, double m, std::size_t x) {
        const auto t = static_cast<double>(x);
        const double part_f = f / t, part_m = m / t;
        return {part_m - part_f, part_f, part_m};
    }
};

}  // namespace

Result compute(std::span<const double> count_f, std::span<const double> count_m, std::size_t cutoff) {
    Result result;
    result.cutoff = std::min({cutoff, count_f.size(), count_m.size()});
    if (result.cutoff == 0) return result;  // an empty ranking: every part stays null
    std::array<Running, magnitudes.size()> running{};
    for (std::size_t x = 1; x <= result.cutoff; ++x)
        for (std::size_t m = 0; m < magnitudes.size(); ++m)
            running[m].add(magnitude(magnitudes[m], count_f[x - 1]), magnitude(magnitudes[m], count_m[x - 1]), x);
    for (std::size_t m = 0; m < magnitudes.size(); ++m) {
        result.rab[m] = running[m].rab(result.cutoff);
        result.arab[m] = running[m].arab(result.cutoff);
    }
    return result;
}

Report report(Which which, std::span<const double> count_f, std::span<const double> count_m, std::size_t cutoff, RabMagnitude selected,
              bool detail) {
    const std::size_t n = std::min(count_f.size(), count_m.size());
    const std::size_t t = std::min(cutoff, n);
    const auto chosen = static_cast<std::size_t>(selected);
    const auto read = [which](const Running& run, std::size_t x) { return which == Which::rab ? run.rab(x) : run.arab(x); };
    Report r;
    r.which = which;
    r.magnitude = selected;
    if (detail) r.ranks.reserve(n), r.at_cutoff.reserve(n);
    // One pass, the same additions as compute(), so `measure` is what compute() returns at t and
    // atCutoff[c - 1] is, to the bit, a fresh evaluation at t = c.
    std::array<Running, magnitudes.size()> running{};
    for (std::size_t x = 1; x <= n; ++x) {
        std::array<double, magnitudes.size()> mag_f{}, mag_m{};
        for (std::size_t m = 0; m < magnitudes.size(); ++m) {
            mag_f[m] = magnitude(magnitudes[m], count_f[x - 1]), mag_m[m] = magnitude(magnitudes[m], count_m[x - 1]);
            running[m].add(mag_f[m], mag_m[m], x);
        }
        if (x == t)
            for (std::size_t m = 0; m < magnitudes.size(); ++m) r.measure[m] = read(running[m], t);
        if (!detail) continue;
        r.at_cutoff.push_back(read(running[chosen], x).value);
        r.ranks.push_back({count_f[x - 1], count_m[x - 1], mag_f[chosen], mag_m[chosen], 0, 0});
    }
    // w_i: RaB 1/t'; ARaB (1/t') Σ_{x=i..t'} 1/x, since RaB@x gives each of its x documents 1/x.
    double tail = 0;
    for (std::size_t i = detail ? t : 0; i >= 1; --i) {
        tail += 1.0 / static_cast<double>(i);
        auto& rank = r.ranks[i - 1];
        rank.weight = (which == Which::rab ? 1.0 : tail) / static_cast<double>(t);
        rank.contribution = rank.weight * (rank.mag_m - rank.mag_f);
    }
    r.value = of(r.measure, selected).value;
    if (!r.value)
        r.note = n == 0 ? "the ranking is empty, so there is no document to average over"
                        : "the cut-off is 0, so there is no document to average over";
    return r;
}

namespace {

void write_pair(JsonWriter& w, std::string_view key, std::span<const std::string, 2> groups, double f, double m) {
    w.key(key).begin_object().member(groups[0], f).member(groups[1], m).end_object();
}

}  // namespace

void write(JsonWriter& w, const Report& r, std::span<const std::string, 2> groups, bool detail) {
    w.begin_object().member("value", r.value);
    if (!r.note.empty()) w.member("note", r.note);
    w.member("magnitude", to_string(r.magnitude));
    w.key("groups").begin_array().value(groups[0]).value(groups[1]).end_array();
    for (const auto m : magnitudes) {
        const Parts& p = of(r.measure, m);
        w.key(to_string(m)).begin_object().member("value", p.value);
        w.key("parts").begin_object().member(groups[0], p.f).member(groups[1], p.m).end_object();
        w.end_object();
    }
    if (!detail) {
        w.end_object();
        return;
    }
    // Per rank, mag_f and mag_m (the counts are docs[].magnitude), and ARaB's weight w_i (RaB's
    // is 1/k' up to k'): a rank's contribution is w_i (mag_m - mag_f). Each result carries its
    // own, so that its chart reads nothing of the other's.
    w.key("perRank").begin_array();
    for (const auto& rank : r.ranks) {
        w.begin_object();
        write_pair(w, "mag", groups, rank.mag_f, rank.mag_m);
        if (r.which == Which::arab) w.member("weight", rank.weight);
        w.end_object();
    }
    w.end_array();
    w.key("atCutoff").array(std::span<const Maybe>(r.at_cutoff));
    w.end_object();
}

// ------------------------------------------------------------------------------------------------
// The units: parts keyed by the names of f and m. Run evaluation has a column per magnitude.

namespace {

template <Which which>
Maybe unit_value(const MetricInputs& in, const Params& p, std::size_t k, bool detail, std::string* note) {
    return value_and_note(report(which, in.count_f, in.count_m, k, p.rab_magnitude, detail), note);
}

template <Which which>
void unit_write(JsonWriter& w, const MetricInputs& in, const MetricContext& c, bool detail) {
    const std::array<std::string, 2> fm{c.groups[c.params.rab_f], c.groups[c.params.rab_m]};
    write(w, report(which, in.count_f, in.count_m, c.params.k, c.params.rab_magnitude, detail), fm, detail);
}

template <RabMagnitude m>
void use(Params& p) {
    p.rab_magnitude = m;
}

constexpr RunVariant rab_columns[] = {
    {"RaB-tc", use<RabMagnitude::tc>}, {"RaB-tf", use<RabMagnitude::tf>}, {"RaB-bool", use<RabMagnitude::boolean>}};
constexpr RunVariant arab_columns[] = {
    {"ARaB-tc", use<RabMagnitude::tc>}, {"ARaB-tf", use<RabMagnitude::tf>}, {"ARaB-bool", use<RabMagnitude::boolean>}};

unsigned reads(const Params&) { return static_cast<unsigned>(Reads::text); }

const MetricUnit unit_list[] = {
    {.descriptor = &rab_descriptor,
     .position = 110,
     .run_position = 200,
     .reads = reads,
     .value = unit_value<Which::rab>,
     .write = unit_write<Which::rab>,
     .run_variants = rab_columns},
    {.descriptor = &arab_descriptor,
     .position = 120,
     .run_position = 210,
     .reads = reads,
     .value = unit_value<Which::arab>,
     .write = unit_write<Which::arab>,
     .run_variants = arab_columns},
};

}  // namespace

std::span<const MetricUnit> units() { return unit_list; }

}  // namespace fairness::rab
