#include "stats/sprt.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "core/error.hpp"
#include "core/params.hpp"
#include "core/score_intervals.hpp"

namespace nf {

double elo_to_score(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

double score_to_elo(double score) {
  constexpr double kCap = 2000;
  if (score <= 0) return -kCap;
  if (score >= 1) return kCap;
  return std::clamp(-400.0 * std::log10(1.0 / score - 1.0), -kCap, kCap);
}

double SprtParams::lower() const { return std::log(beta / (1 - alpha)); }
double SprtParams::upper() const { return std::log((1 - beta) / alpha); }

SprtParams parse_sprt(const std::string& text) {
  SprtParams p;
  const auto values = parse_key_values({text}, "--sprt");
  for (const auto& [key, value] : values) {
    double v = 0;
    try {
      size_t used = 0;
      v = std::stod(value, &used);
      if (used != value.size()) throw std::invalid_argument(value);
    } catch (const std::exception&) {
      throw Error(fmt::format("--sprt: {}={} is not a number", key, value));
    }
    if (key == "elo0")
      p.elo0 = v;
    else if (key == "elo1")
      p.elo1 = v;
    else if (key == "alpha")
      p.alpha = v;
    else if (key == "beta")
      p.beta = v;
    else
      throw Error(fmt::format("--sprt: unknown key '{}' (known: elo0, elo1, alpha, beta)", key));
  }
  if (!(p.alpha > 0 && p.alpha < 0.5) || !(p.beta > 0 && p.beta < 0.5))
    throw Error("--sprt: alpha and beta must be in (0, 0.5)");
  if (!(p.elo1 > p.elo0)) throw Error("--sprt: elo1 must be greater than elo0");
  if (std::abs(p.elo0) > 1000 || std::abs(p.elo1) > 1000)
    throw Error("--sprt: elo0 and elo1 must be within +-1000");
  return p;
}

namespace {

constexpr std::array<double, 5> kPairScore = {0.0, 0.25, 0.5, 0.75, 1.0};

// The distribution closest to `pdf` (maximum likelihood) whose mean score is `s`:
// p_i = pdf_i / (1 + lambda (a_i - s)), lambda the root of sum pdf_i (a_i - s) / (...) = 0,
// which is decreasing in lambda on the interval where every denominator stays positive.
std::array<double, 5> closest_with_mean(const std::array<double, 5>& pdf, double s) {
  double lo = -1.0 / (kPairScore[4] - s), hi = 1.0 / (s - kPairScore[0]);
  auto f = [&](double lambda) {
    double sum = 0;
    for (int i = 0; i < 5; ++i)
      sum += pdf[i] * (kPairScore[i] - s) / (1 + lambda * (kPairScore[i] - s));
    return sum;
  };
  // Shrink the open interval a hair so the denominators stay positive, then bisect.
  const double margin = 1e-12 * (hi - lo);
  lo += margin, hi -= margin;
  for (int iteration = 0; iteration < 200; ++iteration) {
    const double mid = 0.5 * (lo + hi);
    (f(mid) > 0 ? lo : hi) = mid;
  }
  const double lambda = 0.5 * (lo + hi);
  std::array<double, 5> out{};
  for (int i = 0; i < 5; ++i) out[i] = pdf[i] / (1 + lambda * (kPairScore[i] - s));
  return out;
}

}  // namespace

double pentanomial_llr(const Pentanomial& pairs, double elo0, double elo1) {
  // As fishtest: empty cells get a tiny count so every outcome stays possible.
  constexpr double kEpsilon = 1e-3;
  std::array<double, 5> counts{};
  double n = 0;
  for (int i = 0; i < 5; ++i) n += counts[i] = std::max(double(pairs[i]), kEpsilon);
  if (n < 1) return 0;
  std::array<double, 5> pdf{};
  for (int i = 0; i < 5; ++i) pdf[i] = counts[i] / n;
  const auto p0 = closest_with_mean(pdf, elo_to_score(elo0));
  const auto p1 = closest_with_mean(pdf, elo_to_score(elo1));
  double llr = 0;
  for (int i = 0; i < 5; ++i) llr += pdf[i] * (std::log(p1[i]) - std::log(p0[i]));
  return n * llr;
}

const char* to_string(SprtDecision d) {
  switch (d) {
    case SprtDecision::AcceptH0:
      return "H0 accepted";
    case SprtDecision::AcceptH1:
      return "H1 accepted";
    case SprtDecision::Continue:
      break;
  }
  return "undecided";
}

SprtDecision sprt_decision(double llr, const SprtParams& params) {
  if (llr >= params.upper()) return SprtDecision::AcceptH1;
  if (llr <= params.lower()) return SprtDecision::AcceptH0;
  return SprtDecision::Continue;
}

Interval pentanomial_elo(const Pentanomial& pairs) {
  const Interval score = pair_score_interval(pairs);
  return {score_to_elo(score.estimate), score_to_elo(score.low), score_to_elo(score.high)};
}

double pentanomial_p_value(const Pentanomial& pairs) { return pair_sign_flip_p(pairs); }

}  // namespace nf
