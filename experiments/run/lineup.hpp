// Which agent plays which seat: the same rule for balance, play and every command that seats
// agents.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace nf {

// Specs for the seats: one spec for every seat, or exactly one per seat; nf::Error naming the
// game and both counts otherwise.
std::vector<std::string> lineup_for_players(const std::vector<std::string>& agents, int players,
                                            std::string_view game);

}  // namespace nf
