// Agent specs ("ismcts(iters=2000,c=0.7)", core/params.hpp): any text gives a spec or an
// nf::Error.
#include <cstdint>
#include <string_view>

#include "core/error.hpp"
#include "core/params.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    (void)nf::parse_agent_spec(std::string_view(reinterpret_cast<const char*>(data), size));
  } catch (const nf::Error&) {
  }
  return 0;
}
