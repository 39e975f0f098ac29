#include "experiments/run/mpi.hpp"

#include <cstdlib>

#ifdef NINEFOLD_HAVE_MPI
#include <mpi.h>
#endif

namespace nf {

#ifdef NINEFOLD_HAVE_MPI

namespace {
bool started = false;

// Open MPI's, MPICH's and PMIx launchers each set one of these in every rank.
bool launched_by_mpi() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK"})
    if (std::getenv(name)) return true;
  return false;
}
}  // namespace

void mpi_start(int& argc, char**& argv) {
  if (!launched_by_mpi()) return;
  int provided = 0;
  // Only the main thread calls MPI; oneTBB's workers never do.
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  started = true;
}

void mpi_stop() {
  if (started) MPI_Finalize();
  started = false;
}

MpiWorld mpi_world() {
  MpiWorld w;
  if (!started) return w;
  MPI_Comm_rank(MPI_COMM_WORLD, &w.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &w.size);
  return w;
}

bool mpi_built() { return true; }

namespace {

// Where each rank's text begins in the gathered text, and the total length.
std::vector<int> offsets_of(const std::vector<int>& lengths, int& total) {
  std::vector<int> offsets(lengths.size(), 0);
  total = 0;
  for (size_t r = 0; r < lengths.size(); ++r) offsets[r] = total, total += lengths[r];
  return offsets;
}

std::vector<std::string> split_texts(const std::string& all, const std::vector<int>& lengths,
                                     const std::vector<int>& offsets) {
  std::vector<std::string> out;
  for (size_t r = 0; r < lengths.size(); ++r)
    out.push_back(all.substr(size_t(offsets[r]), size_t(lengths[r])));
  return out;
}

}  // namespace

std::vector<std::string> mpi_gather_text(const std::string& mine) {
  const MpiWorld w = mpi_world();
  if (w.size == 1) return {mine};
  int length = int(mine.size()), total = 0;
  std::vector<int> lengths(size_t(w.rank == 0 ? w.size : 0));
  MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  const std::vector<int> offsets = offsets_of(lengths, total);
  std::string all(size_t(total), '\0');
  MPI_Gatherv(mine.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR,
              0, MPI_COMM_WORLD);
  return split_texts(all, lengths, offsets);
}

std::vector<std::string> mpi_all_gather_text(const std::string& mine) {
  const MpiWorld w = mpi_world();
  if (w.size == 1) return {mine};
  int length = int(mine.size()), total = 0;
  std::vector<int> lengths(size_t(w.size));
  MPI_Allgather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, MPI_COMM_WORLD);
  const std::vector<int> offsets = offsets_of(lengths, total);
  std::string all(size_t(total), '\0');
  MPI_Allgatherv(mine.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(),
                 MPI_CHAR, MPI_COMM_WORLD);
  return split_texts(all, lengths, offsets);
}

void mpi_abort(int code) {
  if (started) MPI_Abort(MPI_COMM_WORLD, code);
  std::exit(code);
}

#else

void mpi_start(int&, char**&) {}
void mpi_stop() {}
MpiWorld mpi_world() { return {}; }
bool mpi_built() { return false; }
std::vector<std::string> mpi_gather_text(const std::string& mine) { return {mine}; }
std::vector<std::string> mpi_all_gather_text(const std::string& mine) { return {mine}; }
void mpi_abort(int code) { std::exit(code); }

#endif

}  // namespace nf
