// The end of a balance run started by mpirun: every rank's exact counts added on rank 0, so
// that rank 0 reports the run a single process would have.
#pragma once

#include "experiments/report/balance_report.hpp"
#include "stats/summary.hpp"

namespace nf {

// Under MPI: adds every rank's counts on rank 0, which then holds the whole run's report.
// Returns whether this process should publish (rank 0, or a run without MPI).
bool reduce_balance_over_processes(BalanceReport& report, const BalanceAccumulator& empty);

}  // namespace nf
