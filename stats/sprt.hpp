// Sequential probability ratio test for two agents on paired deals, as fishtest runs it:
// each deal is played twice with the seats swapped and the pair's total (0, 1/2, 1, 3/2 or 2
// points for the first agent) is one observation of a five-outcome (pentanomial) variable.
// The log-likelihood ratio of H1 (score s1) against H0 (score s0) uses, for each hypothesis,
// the maximum-likelihood pentanomial distribution with that expected score (a generalised
// SPRT), so draws and the correlation within a pair are accounted for exactly.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "core/stats.hpp"

namespace nf {

// Logistic Elo <-> expected score.
double elo_to_score(double elo);
double score_to_elo(double score);  // clamped to +-2000 at scores 0 and 1

struct SprtParams {
  double elo0 = 0, elo1 = 10;  // H0: elo = elo0, H1: elo = elo1 (logistic Elo of agent A over B)
  double alpha = 0.05, beta = 0.05;
  // Wald's bounds: accept H0 at or below lower(), H1 at or above upper().
  double lower() const;
  double upper() const;
};

// "elo0=0,elo1=10,alpha=0.05,beta=0.05" (every key optional); nf::Error on bad input.
SprtParams parse_sprt(const std::string& text);

// Pentanomial counts: index k = the first agent's half points over a seat-swapped pair.
using Pentanomial = std::array<uint64_t, 5>;

// The generalised log-likelihood ratio of fishtest for pentanomial counts.
double pentanomial_llr(const Pentanomial& pairs, double elo0, double elo1);

enum class SprtDecision { Continue, AcceptH0, AcceptH1 };
const char* to_string(SprtDecision d);
SprtDecision sprt_decision(double llr, const SprtParams& params);

// The first agent's Elo advantage from pair counts: estimate and 95% interval, from the
// pentanomial score interval (core/score_intervals.hpp).
Interval pentanomial_elo(const Pentanomial& pairs);

// Fixed-sample test of "score = 1/2" on pair totals: two-sided p-value of the exact sign-flip
// test (core/score_intervals.hpp).
double pentanomial_p_value(const Pentanomial& pairs);

}  // namespace nf
