// Values of a game's elements adjusted for one another: an L2-regularised logistic regression
// (stats/logistic_regression.hpp) of seat 0's result on the covariates of the regression rows
// a game keeps in its ElementStats (ragnarok: which cards each side drew, and the decks),
// beside the raw per-element rates.
#pragma once

#include <nlohmann/json.hpp>

#include "core/stats.hpp"

namespace nf {

// {"rows", "l2", "converged", "seat0": log-odds interval of the intercept, "covariates":
// [{"name", "n" (rows where it is not 0), "log_odds", "even_game_win"}]}; null when the game
// keeps no rows. "even_game_win" is the win probability the coefficient gives a side in an
// otherwise even game: logistic(log_odds), with the interval's ends mapped alike.
nlohmann::json adjusted_values_json(const ElementSchema& schema, const ElementStats& stats,
                                    double l2 = 1.0);

}  // namespace nf
