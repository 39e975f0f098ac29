#include "stats/value_model.hpp"

#include <fmt/format.h>

#include <toml++/toml.h>
#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/error.hpp"
#include "core/toml_data.hpp"

namespace nf {
namespace {

using toml_data::fail;

// Predictions are kept away from 0 and 1 so that one confident miss costs a large, finite loss.
constexpr double kClamp = 1e-6;

double number(const std::string& source, const toml::table& table, std::string_view prefix,
              std::string_view key, bool required = true, double otherwise = 0) {
  const toml::node* node = table.get(key);
  const std::string field = fmt::format("{}{}", prefix, key);
  if (!node) {
    if (required) fail(source, &table, field, "is missing");
    return otherwise;
  }
  if (!node->is_number()) fail(source, node, field, "must be a number");
  const double v = node->value<double>().value_or(0);
  if (!std::isfinite(v)) fail(source, node, field, "must be a finite number");
  return v;
}

uint64_t count(const std::string& source, const toml::table& table, std::string_view key) {
  const toml::node* node = table.get(key);
  if (!node) return 0;
  if (!node->is_integer() || node->as_integer()->get() < 0)
    fail(source, node, key, "must be a whole number, 0 or more");
  return uint64_t(node->as_integer()->get());
}

std::string text(const std::string& source, const toml::table& table, std::string_view key) {
  const toml::node* node = table.get(key);
  if (!node) return "";
  if (!node->is_string()) fail(source, node, key, "must be a string");
  return std::string(node->as_string()->get());
}

}  // namespace

PredictionScore score_predictions(std::span<const double> p, std::span<const double> y) {
  PredictionScore s;
  if (p.empty()) return s;
  for (size_t i = 0; i < p.size(); ++i) {
    const double q = std::clamp(p[i], kClamp, 1 - kClamp);
    s.log_loss -= y[i] * std::log(q) + (1 - y[i]) * std::log(1 - q);
    s.accuracy += p[i] > 0.5 ? y[i] : p[i] < 0.5 ? 1 - y[i] : 0.5;
  }
  s.log_loss /= double(p.size());
  s.accuracy /= double(p.size());
  return s;
}

std::string value_model_toml(const ValueModel& model) {
  toml::table doc{{"game", model.game},
                  {"config", model.config},
                  {"agent", model.agent},
                  {"games", int64_t(model.games)},
                  {"seed", int64_t(model.seed)},
                  {"positions", int64_t(model.positions)},
                  {"l2", model.l2},
                  {"intercept", model.intercept}};
  toml::array features;
  for (size_t i = 0; i < model.names.size(); ++i)
    features.push_back(toml::table{{"name", model.names[i]}, {"weight", model.weights[i]}});
  doc.insert("feature", std::move(features));
  const HeldOutMetrics& h = model.held_out;
  toml::table held_out{{"positions", int64_t(h.positions)},
                       {"log_loss", h.model.log_loss},
                       {"accuracy", h.model.accuracy},
                       {"constant_log_loss", h.constant.log_loss},
                       {"constant_accuracy", h.constant.accuracy}};
  if (h.has_evaluation) {
    held_out.insert("evaluation_log_loss", h.evaluation.log_loss);
    held_out.insert("evaluation_accuracy", h.evaluation.accuracy);
  }
  doc.insert("held_out", std::move(held_out));
  std::ostringstream out;
  out << "# A logistic value model fitted by `ninefold learn`: P(seat wins) = logistic(intercept\n"
         "# + sum of weight * feature), features from that seat's view. Regenerate it with the\n"
         "# command in docs/agents.md rather than editing it.\n"
      << toml::toml_formatter(doc) << "\n";
  return out.str();
}

ValueModel parse_value_model(std::string_view file_text, const std::string& source) {
  const toml::table doc = toml_data::parse(file_text, source);
  toml_data::check_keys(source, doc, "",
                        {"game", "config", "agent", "games", "seed", "positions", "l2", "intercept",
                         "feature", "held_out"});
  ValueModel m;
  m.game = text(source, doc, "game");
  if (m.game.empty()) fail(source, nullptr, "game", "is missing (the game the weights are for)");
  m.config = text(source, doc, "config");
  m.agent = text(source, doc, "agent");
  m.games = count(source, doc, "games");
  m.seed = count(source, doc, "seed");
  m.positions = count(source, doc, "positions");
  m.l2 = number(source, doc, "", "l2", false);
  m.intercept = number(source, doc, "", "intercept");
  const toml::node* features = doc.get("feature");
  if (!features) fail(source, nullptr, "feature", "is missing (one [[feature]] per feature)");
  const toml::array* list = features->as_array();
  if (!list || !list->is_array_of_tables())
    fail(source, features, "feature", "must be an array of tables ([[feature]])");
  for (size_t i = 0; i < list->size(); ++i) {
    const toml::table& f = *list->get(i)->as_table();
    const std::string prefix = fmt::format("feature[{}].", i + 1);
    toml_data::check_keys(source, f, prefix, {"name", "weight"});
    const toml::node* name = f.get("name");
    if (!name || !name->is_string() || name->as_string()->get().empty())
      fail(source, name ? name : &f, prefix + "name", "must be a non-empty string");
    m.names.emplace_back(name->as_string()->get());
    m.weights.push_back(number(source, f, prefix, "weight"));
    m.lines.push_back(int(f.source().begin.line));
  }
  if (const toml::node* held = doc.get("held_out")) {
    const toml::table* h = held->as_table();
    if (!h) fail(source, held, "held_out", "must be a table");
    toml_data::check_keys(source, *h, "held_out.",
                          {"positions", "log_loss", "accuracy", "constant_log_loss",
                           "constant_accuracy", "evaluation_log_loss", "evaluation_accuracy"});
    HeldOutMetrics& out = m.held_out;
    out.positions = count(source, *h, "positions");
    out.model = {number(source, *h, "held_out.", "log_loss", false),
                 number(source, *h, "held_out.", "accuracy", false)};
    out.constant = {number(source, *h, "held_out.", "constant_log_loss", false),
                    number(source, *h, "held_out.", "constant_accuracy", false)};
    out.has_evaluation = h->contains("evaluation_log_loss");
    out.evaluation = {number(source, *h, "held_out.", "evaluation_log_loss", false),
                      number(source, *h, "held_out.", "evaluation_accuracy", false)};
  }
  return m;
}

std::vector<double> weights_for_features(const ValueModel& model, const std::string& source,
                                         std::string_view game,
                                         std::span<const std::string_view> names) {
  if (model.game != game)
    throw Error(
        fmt::format("{}: game: the weights are for '{}', not '{}'", source, model.game, game));
  std::vector<double> weights(names.size());
  std::vector<bool> seen(names.size(), false);
  for (size_t i = 0; i < model.names.size(); ++i) {
    const auto at = std::find(names.begin(), names.end(), model.names[i]);
    const std::string where =
        model.lines.size() > i && model.lines[i] > 0 ? fmt::format(":{}", model.lines[i]) : "";
    if (at == names.end())
      throw Error(
          fmt::format("{}{}: feature[{}].name: '{}' is not a feature of {} (its "
                      "features: {})",
                      source, where, i + 1, model.names[i], game, fmt::join(names, ", ")));
    const size_t k = size_t(at - names.begin());
    if (seen[k])
      throw Error(fmt::format("{}{}: feature[{}].name: '{}' appears twice", source, where, i + 1,
                              model.names[i]));
    seen[k] = true;
    weights[k] = model.weights[i];
  }
  for (size_t k = 0; k < names.size(); ++k)
    if (!seen[k])
      throw Error(
          fmt::format("{}: feature '{}' of {} has no weight (the file was fitted with "
                      "other features: fit it again with `ninefold learn`)",
                      source, names[k], game));
  return weights;
}

}  // namespace nf
