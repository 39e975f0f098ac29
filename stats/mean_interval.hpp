// The mean of independent observations with a Student t interval: honest for a handful of
// observations (games, clusters) where the normal interval is too narrow.
#pragma once

#include <span>

#include "core/stats.hpp"

namespace nf {

// The two-sided 95% quantile of Student's t with `df` degrees of freedom (df >= 1).
double student_t95(int df);

// Mean with a 95% t interval; one value gives [-inf, inf] (it says nothing of the spread).
// nf::Error when there is none.
Interval mean_t_interval(std::span<const double> values);

}  // namespace nf
