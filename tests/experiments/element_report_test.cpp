// Element statistics in the balance report: groups of like elements, metrics that apply to a
// group only, and the flags on the terminal as in summary.json.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <string>

#include <nlohmann/json.hpp>

#include "experiments/report/balance_report.hpp"
#include "stats/multiple_testing.hpp"

using namespace nf;

namespace {

// Two "realms" (one winning 31%, the other 69%) and four "figures" with a survival rate; the
// win rate does not apply to figures, damage (a realm's: all its figures') to both.
ElementSchema realm_like_schema() {
  ElementSchema schema;
  schema.label = "element";
  schema.metrics = {{"win", MetricKind::Rate, "", 0},
                    {"survival", MetricKind::Rate, "", 0},
                    {"damage", MetricKind::Mean, "", 0}};
  const int realms = schema.add_group("realm", {"win", "damage"});
  const int figures = schema.add_group("figure", {"survival", "damage"});
  schema.add_element("Aesir", realms);
  schema.add_element("Norsemen", realms);
  for (const char* name : {"warrior", "archer", "hero", "giant"}) schema.add_element(name, figures);
  return schema;
}

ElementStats realm_like_stats(const ElementSchema& schema) {
  ElementStats stats(schema);
  stats.add_rate_counts(0, 0, 310, 1000);
  stats.add_rate_counts(1, 0, 690, 1000);
  for (int e = 2; e < 6; ++e) stats.add_rate_counts(e, 1, 800 + uint64_t(e), 2000);
  for (int e = 0; e < 6; ++e)
    for (int i = 0; i < 200; ++i) stats.add_value(e, 2, (e < 2 ? 20 : 5) + i % 3);
  return stats;
}

std::string printed_table(const BalanceReport& report) {
  std::FILE* file = std::tmpfile();
  REQUIRE(file);
  print_balance_table(report, file);
  std::rewind(file);
  std::string text;
  char buffer[4096];
  for (size_t n; (n = std::fread(buffer, 1, sizeof buffer, file)) > 0;) text.append(buffer, n);
  std::fclose(file);
  return text;
}

}  // namespace

TEST_CASE("element groups: an element is compared only with the others of its group") {
  const ElementSchema schema = realm_like_schema();
  CHECK(schema.group_count() == 2);
  CHECK(schema.group_name(schema.group(1)) == "realm");
  CHECK(schema.group_name(schema.group(4)) == "figure");
  CHECK(schema.applies(0, 0));
  CHECK_FALSE(schema.applies(3, 0));
  CHECK(schema.group_elements(1) == std::vector<int>{2, 3, 4, 5});
  CHECK_THROWS_WITH(ElementSchema{}.add_group("card", {"nothing"}),
                    Catch::Contains("unknown metric 'nothing'"));

  // A realm deals four times a figure's damage, but realms are compared only with realms and
  // figures with figures: the two realms are flagged for their win rates and nothing else.
  const auto flags = flag_elements(schema, realm_like_stats(schema), 0.05);
  REQUIRE(flags.size() == 2);
  CHECK(flags[0].element == 0);
  CHECK(flags[0].direction == -1);
  CHECK(flags[0].others == Approx(0.69));
  CHECK(flags[1].element == 1);

  CHECK(flags[0].metric == 0);
  CHECK(flags[1].metric == 0);

  // Without groups the same numbers flag both realms' damage against the figures' median.
  ElementSchema one_group = schema;
  one_group.groups.clear();
  one_group.group_of.clear();
  const auto mixed = flag_elements(one_group, realm_like_stats(one_group), 0.05);
  CHECK(std::count_if(mixed.begin(), mixed.end(),
                      [](const ElementFlag& f) { return f.metric == 2 && f.element < 2; }) == 2);
}

TEST_CASE("element groups: a metric that does not apply is left out of summary.json") {
  const ElementSchema schema = realm_like_schema();
  const nlohmann::json j = element_stats_to_json(schema, realm_like_stats(schema));
  REQUIRE(j["groups"].size() == 2);
  CHECK(j["groups"][0]["name"] == "realm");
  CHECK(j["groups"][0]["metrics"] == nlohmann::json::array({"win", "damage"}));
  CHECK(j["groups"][1]["elements"].size() == 4);
  CHECK(j["rows"][0]["group"] == "realm");
  CHECK(j["rows"][0].contains("win"));
  CHECK_FALSE(j["rows"][0].contains("survival"));
  CHECK(j["rows"][0]["damage"]["n"] == 200);
  CHECK(j["rows"][2]["group"] == "figure");
  CHECK_FALSE(j["rows"][2].contains("win"));  // never a 0 with a full-width interval
  CHECK(j["rows"][2]["survival"]["trials"] == 2000);
}

TEST_CASE("balance table: the terminal shows every element flag that summary.json holds") {
  BalanceReport report;
  report.game = "test";
  report.config = nlohmann::json::object();
  report.agents = {"random"};
  report.elements = realm_like_schema();
  report.totals = BalanceAccumulator(2, 1, 0, &*report.elements);
  report.totals.elements = realm_like_stats(*report.elements);
  const std::string text = printed_table(report);
  // The win metric is not marked as a strength measure here; its flags are still shown, one
  // line for the metric in its group.
  CHECK_THAT(text, Catch::Contains("  realm win: above Norsemen 0.69; below Aesir 0.31\n"));
  CHECK_THAT(text, !Catch::Contains("none"));
  // One table per group, each with its own metrics only.
  CHECK_THAT(text, Catch::Contains("realm      win                      damage"));
  CHECK_THAT(text, Catch::Contains("figure     survival                 damage"));
  // Marked as a strength measure, the same flags are verdicts with their numbers.
  report.elements->metrics[0].strength = 1;
  const std::string verdicts = printed_table(report);
  CHECK_THAT(verdicts, Catch::Contains("  realm Aesir: too weak by win (0.31 against the others' "
                                       "median 0.69, q < 1e-6)\n"));
  CHECK_THAT(verdicts, Catch::Contains("  realm Norsemen: too strong by win"));
  CHECK_THAT(verdicts, !Catch::Contains("realm win:"));
  const nlohmann::json summary = balance_summary_json(report);
  CHECK(summary["element_flags"]["flags"].size() == 2);
  CHECK(summary["element_flags"]["flags"][0]["group"] == "realm");
}
