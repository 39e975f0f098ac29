// The source revision a binary was built from: the git commit (with "-dirty" when the work
// tree had uncommitted changes), or "unknown" when built outside a git checkout.
#pragma once

namespace nf {
extern const char* const kRevision;
}  // namespace nf
