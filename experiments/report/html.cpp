#include "experiments/report/html.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "core/provenance.hpp"
#include "experiments/game_catalog.hpp"
#include "experiments/report/atomic_file.hpp"
#include "experiments/report/result_folder.hpp"
#include "experiments/run/data_files.hpp"

namespace nf {

nlohmann::json with_provenance(const nlohmann::json& summary) {
  nlohmann::json out = summary;
  const std::string game = summary.value("game", std::string());
  const nlohmann::json config = summary.value("config", nlohmann::json::object());
  nlohmann::json data = nlohmann::json::object();
  if (!game.empty() && config.is_object())
    data = data_file_hashes(find_game(game).config_schema, config);
  const auto seed = summary.contains("seed") && summary["seed"].is_number_unsigned()
                        ? std::optional<uint64_t>(summary["seed"].get<uint64_t>())
                        : std::nullopt;
  out["provenance"] = run_provenance(game, config, data, seed);
  return out;
}

void publish_summary(const nlohmann::json& summary, const std::string& out_dir,
                     const std::string& file_name, const std::string& report_path, HtmlPage page,
                     const std::function<void(const std::filesystem::path&)>& more_files) {
  const nlohmann::json stamped = with_provenance(summary);
  publish_outputs(
      out_dir,
      [&](const std::filesystem::path& staging) {
        if (more_files) more_files(staging);
        write_file_atomically(staging / file_name, stamped.dump(2) + "\n");
      },
      report_path, [&] { return page(stamped); });
  if (!out_dir.empty()) fmt::print("\nwrote {}/{}\n", out_dir, file_name);
  if (!report_path.empty()) fmt::print("wrote {}\n", report_path);
}

}  // namespace nf
