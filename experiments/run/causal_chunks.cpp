// Causal values under MPI: each rank plays its chunks of a block, then every chunk's counts go
// to every rank, so that each rank merges the same block in chunk order and plans the next one
// alike: the values do not depend on the number of processes.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "experiments/run/causal_progress.hpp"
#include "experiments/run/mpi.hpp"

namespace nf {

void share_causal_chunks(std::vector<CausalTally>& chunks, int rank, int ranks) {
  if (ranks <= 1) return;
  nlohmann::json mine = nlohmann::json::array();
  for (size_t c = size_t(rank); c < chunks.size(); c += size_t(ranks))
    mine.push_back(causal_tally_json(chunks[c]));
  const std::vector<std::string> all = mpi_all_gather_text(mine.dump());
  for (int r = 0; r < ranks; ++r) {
    if (r == rank) continue;
    const nlohmann::json theirs = nlohmann::json::parse(all[size_t(r)]);
    size_t k = 0;
    for (size_t c = size_t(r); c < chunks.size(); c += size_t(ranks)) {
      chunks[c] = CausalTally(chunks[c].elements, chunks[c].contexts);
      read_causal_tally(theirs.at(k++), chunks[c]);
    }
  }
}

}  // namespace nf
