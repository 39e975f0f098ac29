"""Rewrites a ninefold checkpoint or shard summary.json with the checksum of its content, as
ninefold writes it (experiments/run/checkpoint.hpp: content_checksum): a test's edit then
passes the checksum, as a file written by another build would. Usage: seal.py FILE."""
import json
import sys

MASK = (1 << 64) - 1


def splitmix64(state):
    z = (state + 0x9E3779B97F4A7C15) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def mix(h, value):  # core/rng.hpp: mix_seed
    return splitmix64(h ^ ((value + 0x632BE59BD9B4E019 + (h << 6) + (h >> 2)) & MASK))


def hash_bytes(data):  # core/hash.hpp: Hasher().add_bytes(data).value()
    h, word, shift = 0x9E3779B97F4A7C15, len(data) & MASK, 16
    for byte in data:
        if shift == 64:
            h, word, shift = mix(h, word), 0, 0
        word |= byte << shift
        shift += 8
    return mix(h, word)


def checksum(obj):
    fields = {k: v for k, v in obj.items() if k != "checksum"}
    text = json.dumps(fields, separators=(",", ":"), sort_keys=True, ensure_ascii=False)
    return format(hash_bytes(text.encode()), "016x")


if __name__ == "__main__":
    path = sys.argv[1]
    obj = json.load(open(path))
    obj["checksum"] = checksum(obj)
    json.dump(obj, open(path, "w"))
