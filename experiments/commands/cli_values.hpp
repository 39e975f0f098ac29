// Strict checks of command-line values. CLI11 on its own takes '' as "not given", wraps
// '-1' around to 2^64-1 and saturates '1e23'; these refuse such values with one message
// naming the option, before any conversion.
#pragma once

#include <CLI/CLI.hpp>

namespace nf {

// Refuses an empty value (`--out ''`).
CLI::Validator non_empty_value();
// Digits only, within the range of a 64-bit unsigned integer: no sign, no exponent, no
// fraction, no wrap-around.
CLI::Validator whole_number();
// A finite number of seconds in (0, max].
CLI::Validator positive_seconds(double max);

}  // namespace nf
