// Distributed runs under Open MPI: `mpirun -np K ninefold balance ...` gives rank r of K the
// shard r/K of the deals, and rank 0 adds up every rank's exact counts, so the result is the
// one a single process computes. Without MPI (not built with it, or not started by mpirun)
// every function here describes a world of one process.
#pragma once

#include <string>
#include <vector>

namespace nf {

struct MpiWorld {
  int rank = 0, size = 1;
};

// Initialises MPI only when the process was started by an MPI launcher.
void mpi_start(int& argc, char**& argv);
void mpi_stop();
MpiWorld mpi_world();
bool mpi_built();
// Every rank's text, in rank order, on rank 0; an empty list elsewhere.
std::vector<std::string> mpi_gather_text(const std::string& mine);
// Every rank's text, in rank order, on every rank.
std::vector<std::string> mpi_all_gather_text(const std::string& mine);
// Ends every rank (after an error on one of them, so that the others do not wait forever).
[[noreturn]] void mpi_abort(int code);

}  // namespace nf
