// Game records (core/record.hpp) read into Python; ninefold.replay (ninefold/__init__.py)
// plays one again through the state API and checks it against the record.
#include <pybind11/stl.h>

#include "core/hash.hpp"
#include "core/record.hpp"
#include "python/bindings.hpp"

namespace nf::python {

void bind_records(py::module_& m) {
  m.def(
      "load_record",
      [](const std::string& path, uint64_t index) {
        return to_python(read_record(path, index).to_json().dump());
      },
      py::arg("path"), py::arg("index") = 0,
      "Record number `index` of a JSON Lines file of game records, as a dict.");
  m.def(
      "running_hash",
      [](const std::vector<uint64_t>& state_hashes) {
        Hasher h;
        for (uint64_t value : state_hashes) h.add(value);
        return hash_to_hex(h.value());
      },
      py::arg("state_hashes"),
      "The records' running hash of the state hashes after each decision, as hex.");
  m.def("hash_hex", &hash_to_hex, py::arg("hash"), "A state hash as records write it.");
}

}  // namespace nf::python
