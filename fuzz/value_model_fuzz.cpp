// Value-model files (what `ninefold learn --out` writes and eval=learned(weights=FILE) reads,
// stats/value_model.hpp): any text gives a model or one nf::Error, and an accepted model is
// matched against a game's features (realms' and commanders', the games with features) the
// way a search agent loads it.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "core/error.hpp"
#include "games/commanders/commanders.hpp"
#include "games/realms/realms.hpp"
#include "stats/value_model.hpp"

namespace {
template <class G>
void match_features(const nf::ValueModel& model, const std::string& source) {
  const auto names = G::feature_names();
  try {
    (void)nf::weights_for_features(model, source, G::kId, std::span(names));
  } catch (const nf::Error&) {
  }
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::string source = "fuzz.toml";
  nf::ValueModel model;
  try {
    model = nf::parse_value_model(text, source);
  } catch (const nf::Error&) {
    return 0;
  }
  match_features<nf::realms::RealmsGame>(model, source);
  match_features<nf::commanders::CommandersGame>(model, source);
  (void)nf::value_model_toml(model);
  return 0;
}
