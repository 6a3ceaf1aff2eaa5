#!/usr/bin/env python3
"""Reads a voxel-invaders run (a .vir file or a share code) and prints what it holds.

Written from docs/run-format.md alone (not from the game's C++), so that the page is known to be enough
to write a reader: the CTest vir_reader_agrees_with_the_game compares this reader with the game.

    scripts/vir_reader.py run.vir                 # the run's metadata, as "name: value" lines
    scripts/vir_reader.py --json VIR2-...         # the same as JSON (a share code, or a .txt holding one)
    scripts/vir_reader.py --to-code run.vir       # the run's share code
    scripts/vir_reader.py --to-vir out.vir VIR2-...   # the run as a .vir file

It reads both format versions of each form (1 and 2) and writes version 2. It checks everything the page
says a reader refuses (layout, lengths, the board's settings, the chain's shape, checksum, the range-coded
inputs) but plays nothing: it has no rules, so it carries the final state hash and the hash chain without
verifying them (the game's `vir verify` does). Exit status: 0 read, 2 unreadable (the reason on stderr) or
a bad command line. Python 3.8+, standard library only.
"""

import argparse
import hashlib
import json
import os
import sys

VIR_MAGIC = b"VXIRPLAY"
VIR_FORMAT_VERSION = 2  # written; 1 and 2 are read
CODE_FORMAT_VERSION = 2  # written; 1 and 2 are read
MAX_VIR_BYTES = 40 << 20  # also the most steps a share code may claim
MAX_CODE_CHARS = 8 << 20
MAX_VERSION_TEXT = 64
DIFFICULTIES = ("arcade", "easy", "hard")
STARTING_SHIPS = (3, 4, 5, 6)
EXTRA_SHIP_SCORES = (1000, 1500)
DEFAULT_SHIPS, DEFAULT_EXTRA_SHIP_SCORE = 3, 1500  # the arcade's, and every version-1 run's
CHAIN_STEPS = 60  # a link of the hash chain every whole second
CODE_DIGEST_BITS = 16  # a share code keeps the top 16 bits of each link
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
ALPHABET_VALUES = {c: i for i, c in enumerate(ALPHABET)}
WHITE_SPACE = " \t\n\r"
STEPS_PER_SECOND = 60


class RunError(Exception):
    """A run that cannot be read; the message says why."""


class Run:
    """What a run holds (docs/run-format.md, "What a run holds")."""

    def __init__(self, simulation_version, seed, players, difficulty, inputs, final_state_hash,
                 game_version=None, starting_ships=DEFAULT_SHIPS, extra_ship_score=DEFAULT_EXTRA_SHIP_SCORE,
                 chain=(), digest_bits=64, format_version=None):
        self.simulation_version = simulation_version
        self.game_version = game_version  # None when read from a share code, which does not hold it
        self.seed = seed
        self.players = players
        self.difficulty = difficulty
        self.starting_ships = starting_ships
        self.extra_ship_score = extra_ship_score
        self.inputs = bytes(inputs)
        self.final_state_hash = final_state_hash
        self.chain = list(chain)  # the links' digests: empty, or one per whole second of the inputs
        self.digest_bits = digest_bits  # 64 (a file's whole hashes) or 16 (a code's top 16 bits)
        self.format_version = format_version  # the version of the form it was read from


def fnv1a32(data):
    value = 0x811C9DC5
    for byte in data:
        value = ((value ^ byte) * 0x01000193) & 0xFFFFFFFF
    return value


def little(data, offset, size):
    return int.from_bytes(data[offset:offset + size], "little")


# --- The .vir file ------------------------------------------------------------------------------------


def parse_vir(data, expect_simulation_version=None):
    """The run in the bytes of a .vir file (format version 1 or 2); raises RunError naming the byte."""
    if len(data) > MAX_VIR_BYTES:
        raise RunError(f"{len(data)} bytes is too large for a run file (the most is {MAX_VIR_BYTES})")
    if data[:8] != VIR_MAGIC:
        raise RunError('not a run file: it does not start with "VXIRPLAY"')
    offset = 8

    def take(size, what):
        nonlocal offset
        if len(data) - offset < size:
            raise RunError(f"byte {offset}: the file ends inside the {what} (it is {len(data)} bytes long)")
        field = data[offset:offset + size]
        offset += size
        return field

    def number(size, what):
        return int.from_bytes(take(size, what), "little")

    format_version = number(4, "format version")
    simulation_version = number(4, "simulation version")
    if format_version not in (1, 2):
        raise RunError(f"file format version {format_version}; this reader reads 1 and 2")
    version_length = take(1, "version text length")[0]
    if version_length > MAX_VERSION_TEXT:
        raise RunError(f"byte 16: a version text of {version_length} bytes (the most is {MAX_VERSION_TEXT})")
    game_version = take(version_length, "version text").decode("latin-1")
    if expect_simulation_version is not None and simulation_version != expect_simulation_version:
        raise RunError(f"simulation version {simulation_version}, not {expect_simulation_version}")
    seed = number(8, "seed")
    players, difficulty = take(1, "players")[0], take(1, "difficulty")[0]
    if players not in (1, 2):
        raise RunError(f"byte {offset - 2}: players {players}; it must be 1 or 2")
    if difficulty >= len(DIFFICULTIES):
        raise RunError(f"byte {offset - 1}: difficulty {difficulty}; it must be 0, 1 or 2")
    ships, extra_ship_score, digest_size, links = DEFAULT_SHIPS, DEFAULT_EXTRA_SHIP_SCORE, 8, 0
    if format_version == 2:
        ships, extra_ship_score = number(1, "starting ships"), number(2, "extra-ship score")
        if ships not in STARTING_SHIPS:
            raise RunError(f"byte {offset - 3}: starting ships {ships}; it must be 3, 4, 5 or 6")
        if extra_ship_score not in EXTRA_SHIP_SCORES:
            raise RunError(f"byte {offset - 2}: extra ship at {extra_ship_score}; it must be 1000 or 1500")
    steps = number(4, "step count")
    final_state_hash = number(8, "final state hash")
    if format_version == 2:
        digest_size, links = number(1, "chain digest size"), number(4, "chain length")
        if digest_size not in (8, 2):
            raise RunError(f"byte {offset - 5}: chain digests of {digest_size} bytes; they are 8 or 2")
        if links not in (0, steps // CHAIN_STEPS):
            raise RunError(f"byte {offset - 4}: a chain of {links} links for {steps} steps")
    inputs_offset = offset
    inputs = take(steps, "inputs")
    chain = [number(digest_size, "hash chain") for _ in range(links)]
    checksum_offset = offset
    checksum = number(4, "checksum")
    if offset != len(data):
        raise RunError(f"byte {offset}: {len(data) - offset} bytes follow the checksum")
    if checksum != fnv1a32(data[:checksum_offset]):
        raise RunError(f"byte {checksum_offset}: the checksum does not match: the file is damaged")
    for step, value in enumerate(inputs):
        if value > 7:
            raise RunError(f"byte {inputs_offset + step}: step {step} has input {value}; only 0..7 are valid")
    return Run(simulation_version, seed, players, difficulty, inputs, final_state_hash, game_version,
               ships, extra_ship_score, chain, digest_size * 8, format_version)


def encode_vir(run):
    """The bytes of `run` as a .vir file (format version 2)."""
    version = (run.game_version or "").encode("latin-1")[:MAX_VERSION_TEXT]
    digest_size = run.digest_bits // 8
    data = bytearray(VIR_MAGIC)
    data += VIR_FORMAT_VERSION.to_bytes(4, "little") + run.simulation_version.to_bytes(4, "little")
    data += bytes([len(version)]) + version
    data += run.seed.to_bytes(8, "little") + bytes([run.players, run.difficulty, run.starting_ships])
    data += run.extra_ship_score.to_bytes(2, "little")
    data += len(run.inputs).to_bytes(4, "little") + run.final_state_hash.to_bytes(8, "little")
    data += bytes([digest_size]) + len(run.chain).to_bytes(4, "little")
    data += run.inputs
    for digest in run.chain:
        data += digest.to_bytes(digest_size, "little")
    data += fnv1a32(data).to_bytes(4, "little")
    return bytes(data)


# --- The share code: the range coder and its model --------------------------------------------------------

PROBABILITY_ONE = 2048  # probabilities of a 0 bit, in 1/2048ths
RANGE_TOP = 1 << 24


def adapt(probabilities, index, bit):
    p = probabilities[index]
    probabilities[index] = p + ((PROBABILITY_ONE - p) >> 4) if bit == 0 else p - (p >> 4)


class Model:
    """The contexts, flat lists of probabilities (all one half to start)."""

    def __init__(self):
        self.input = [1024] * (64 * 8)  # [context][node 1..7]
        self.count = [1024] * (8 * 33)  # [input][k 1..32]
        self.mantissa = [1024] * (8 * 33 * 3)  # [input][bits 2..32][j 0..2]
        self.context = 0

    def push(self, value):
        self.context = (self.context * 8 + value) % 64


class RangeEncoder:
    def __init__(self):
        self.low, self.range, self.cache, self.cache_size = 0, 0xFFFFFFFF, 0, 1
        self.out = bytearray()

    def encode(self, probabilities, index, bit):
        bound = (self.range >> 11) * probabilities[index]
        if bit == 0:
            self.range = bound
        else:
            self.low += bound
            self.range -= bound
        adapt(probabilities, index, bit)
        while self.range < RANGE_TOP:
            self.range = (self.range << 8) & 0xFFFFFFFF
            self.shift_low()

    def shift_low(self):
        if (self.low & 0xFFFFFFFF) < 0xFF000000 or self.low >= 1 << 32:
            carry = self.low >> 32
            self.out.append((self.cache + carry) & 0xFF)
            self.out += bytes([(0xFF + carry) & 0xFF]) * (self.cache_size - 1)
            self.cache_size = 0
            self.cache = (self.low >> 24) & 0xFF
        self.cache_size += 1
        self.low = (self.low & 0x00FFFFFF) << 8

    def finish(self):
        for _ in range(5):
            self.shift_low()
        return bytes(self.out)


class RangeDecoder:
    def __init__(self, data):
        self.data, self.offset, self.overran = data, 0, False
        self.range, self.code = 0xFFFFFFFF, 0
        for _ in range(5):
            self.code = ((self.code << 8) | self.next()) & 0xFFFFFFFF

    def next(self):
        if self.offset == len(self.data):
            self.overran = True
            return 0
        self.offset += 1
        return self.data[self.offset - 1]

    def decode(self, probabilities, index):
        bound = (self.range >> 11) * probabilities[index]
        if self.code < bound:
            self.range, bit = bound, 0
        else:
            self.code -= bound
            self.range -= bound
            bit = 1
        adapt(probabilities, index, bit)
        while self.range < RANGE_TOP:
            self.range = (self.range << 8) & 0xFFFFFFFF
            self.code = ((self.code << 8) | self.next()) & 0xFFFFFFFF
        return bit


def input_runs(inputs):
    """(input, length) of each stretch of equal inputs."""
    runs = []
    for value in inputs:
        if runs and runs[-1][0] == value:
            runs[-1][1] += 1
        else:
            runs.append([value, 1])
    return runs


def encode_inputs(inputs):
    model, encoder = Model(), RangeEncoder()
    for value, length in input_runs(inputs):
        node = 1
        for shift in (2, 1, 0):
            bit = (value >> shift) & 1
            encoder.encode(model.input, model.context * 8 + node, bit)
            node = node * 2 + bit
        bits = length.bit_length()
        for k in range(1, bits):
            encoder.encode(model.count, value * 33 + k, 1)
        if bits < 32:
            encoder.encode(model.count, value * 33 + bits, 0)
        for position in range(bits - 2, -1, -1):
            j = min(bits - 2 - position, 2)
            encoder.encode(model.mantissa, (value * 33 + bits) * 3 + j, (length >> position) & 1)
        model.push(value)
    return encoder.finish()


def decode_inputs(data, steps):
    model, decoder = Model(), RangeDecoder(data)
    inputs = bytearray()
    while len(inputs) < steps:
        node = 1
        for _ in range(3):
            node = node * 2 + decoder.decode(model.input, model.context * 8 + node)
        value = node - 8
        bits = 1
        while bits < 32 and decoder.decode(model.count, value * 33 + bits) == 1:
            bits += 1
        length = 1
        for position in range(bits - 2, -1, -1):
            j = min(bits - 2 - position, 2)
            length = length * 2 + decoder.decode(model.mantissa, (value * 33 + bits) * 3 + j)
        if decoder.overran:
            raise RunError(f"the inputs stop before the code's {steps} steps: the code is malformed")
        if length > steps - len(inputs):
            raise RunError(f"a run of inputs goes past the code's {steps} steps: the code is malformed")
        inputs += bytes([value]) * length
        model.push(value)
    if decoder.offset != len(data):
        raise RunError("bytes follow the last step's input: the code is malformed")
    return bytes(inputs)


# --- The share code: text, payload and content -------------------------------------------------------------


def put_varint(out, value):
    while value >= 0x80:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)


class Bytes:
    """Reads varints and little-endian fields; None when the bytes run out."""

    def __init__(self, data):
        self.data, self.offset = data, 0

    def varint(self):
        value = 0
        for index in range(10):
            if self.offset == len(self.data):
                return None
            byte = self.data[self.offset]
            self.offset += 1
            if index == 9 and byte > 1:
                return None
            value |= (byte & 0x7F) << (7 * index)
            if byte & 0x80 == 0:
                return value
        return None

    def fixed(self, size):
        if len(self.data) - self.offset < size:
            return None
        self.offset += size
        return little(self.data, self.offset - size, size)


def base64url_encode(data):
    text, buffer, bits = [], 0, 0
    for byte in data:
        buffer, bits = (buffer << 8) | byte, bits + 8
        while bits >= 6:
            bits -= 6
            text.append(ALPHABET[(buffer >> bits) & 0x3F])
    if bits:
        text.append(ALPHABET[(buffer << (6 - bits)) & 0x3F])
    return "".join(text)


def code_text_body(code):
    """(format version, payload bytes) of a code's text (steps 1-6 of "Reading the text")."""
    if len(code) > MAX_CODE_CHARS:
        raise RunError(f"{len(code)} characters is too long for a run code (the most is {MAX_CODE_CHARS})")
    text = "".join(c for c in code if c not in WHITE_SPACE)
    if not text:
        raise RunError("the code is empty")
    dash = text.find("-", 3)
    version = text[3:dash] if dash >= 0 else ""
    if not text.startswith("VIR") or not (1 <= len(version) <= 9 and all(c in "0123456789" for c in version)):
        raise RunError(f'"{text[:12]}" is not a voxel-invaders run code (those start with "VIR2-")')
    if int(version) not in (1, 2):
        raise RunError(f"run-code format {int(version)}; this reader reads 1 and 2")
    payload, buffer, bits = bytearray(), 0, 0
    for position, character in enumerate(text[dash + 1:], start=dash + 2):
        if character not in ALPHABET_VALUES:
            raise RunError(f"character {position} ({character!r}) is not part of a run code")
        buffer, bits = ((buffer << 6) | ALPHABET_VALUES[character]) & 0xFFFF, bits + 6
        if bits >= 8:
            bits -= 8
            payload.append((buffer >> bits) & 0xFF)
    return int(version), bytes(payload)


def decode_share_code(code, expect_simulation_version=None):
    """The run a share code holds (format 1 or 2); raises RunError saying why it is refused."""
    format_version, payload = code_text_body(code)
    header = Bytes(payload)
    length = header.varint()
    checksum = header.fixed(4) if length is not None else None
    available = len(header.data) - header.offset
    if checksum is None or length > available:
        raise RunError("the code is cut short")
    if length < available:
        raise RunError(f"the code has {available - length} bytes more than it says it holds: it is damaged")
    content = Bytes(header.data[header.offset:])
    if fnv1a32(content.data) != checksum:
        raise RunError("the checksum does not match: the code is damaged")
    simulation_version = content.varint()
    if simulation_version is None:
        raise RunError("the content ends inside the simulation version: the code is malformed")
    if expect_simulation_version is not None and simulation_version != expect_simulation_version:
        raise RunError(f"simulation version {simulation_version}, not {expect_simulation_version}")
    seed = content.varint()
    players_and_difficulty = content.fixed(1) if seed is not None else None
    board = content.fixed(1) if players_and_difficulty is not None and format_version == 2 else 0
    steps = content.varint() if players_and_difficulty is not None and board is not None else None
    final_state_hash = content.fixed(8) if steps is not None else None
    if final_state_hash is None:
        raise RunError("the content ends inside its header: the code is malformed")
    difficulty = players_and_difficulty >> 1
    if difficulty >= len(DIFFICULTIES):
        raise RunError(f"difficulty {difficulty}: the code is malformed")
    if board > 7:
        raise RunError(f"board settings byte {board}: the code is malformed")
    if steps > MAX_VIR_BYTES:
        raise RunError(f"{steps} steps is longer than any run (the most is {MAX_VIR_BYTES})")
    chain = []
    if format_version == 2:
        links = content.varint()
        if links is None or links not in (0, steps // CHAIN_STEPS):
            raise RunError(f"a chain of {links} links for {steps} steps: the code is malformed")
        chain = [content.fixed(2) for _ in range(links)]
        if None in chain:
            raise RunError("the content ends inside the hash chain: the code is malformed")
    inputs = decode_inputs(content.data[content.offset:], steps)
    return Run(simulation_version, seed, (players_and_difficulty & 1) + 1, difficulty, inputs, final_state_hash,
               starting_ships=STARTING_SHIPS[board & 3], extra_ship_score=1000 if board & 4 else 1500,
               chain=chain, digest_bits=CODE_DIGEST_BITS if format_version == 2 else 64,
               format_version=format_version)


def encode_share_code(run):
    """The share code of `run` (format 2; its chain cut to the top 16 bits of each link)."""
    content = bytearray()
    put_varint(content, run.simulation_version)
    put_varint(content, run.seed)
    content.append((run.players - 1) | run.difficulty << 1)
    content.append((run.starting_ships - 3) | (4 if run.extra_ship_score == 1000 else 0))
    put_varint(content, len(run.inputs))
    content += run.final_state_hash.to_bytes(8, "little")
    put_varint(content, len(run.chain))
    for digest in run.chain:
        content += (digest >> (run.digest_bits - CODE_DIGEST_BITS)).to_bytes(2, "little")
    content += encode_inputs(run.inputs)
    payload = bytearray()
    put_varint(payload, len(content))
    payload += fnv1a32(content).to_bytes(4, "little") + content
    return f"VIR{CODE_FORMAT_VERSION}-" + base64url_encode(payload)


# --- Reading an argument and printing ----------------------------------------------------------------------


def read_run(argument, expect_simulation_version=None):
    """(form, run) of a .vir file, a file holding a code, or a code given as the argument itself."""
    if os.path.isfile(argument):
        if os.path.getsize(argument) > MAX_VIR_BYTES:
            raise RunError(f"{os.path.getsize(argument)} bytes is too large for a run file")
        with open(argument, "rb") as file:
            data = file.read()
        if data.startswith(VIR_MAGIC) or argument.endswith(".vir"):
            return "vir", parse_vir(data, expect_simulation_version)
        try:
            text = data.decode("ascii")
        except UnicodeDecodeError:
            raise RunError("neither a run file nor a share code") from None
        return "share-code", decode_share_code(text, expect_simulation_version)
    if argument.lstrip(WHITE_SPACE).startswith("VIR"):
        return "share-code", decode_share_code(argument, expect_simulation_version)
    raise RunError("no such file, and not a share code")


def metadata(form, run):
    """What the reader prints: the run's fields and a digest of its inputs."""
    return {
        "form": form,
        "format_version": run.format_version,
        "simulation_version": run.simulation_version,
        "game_version": run.game_version,
        "seed": run.seed,
        "players": run.players,
        "difficulty": DIFFICULTIES[run.difficulty],
        "starting_ships": run.starting_ships,
        "extra_ship_score": run.extra_ship_score,
        "steps": len(run.inputs),
        "seconds": round(len(run.inputs) / STEPS_PER_SECOND, 3),
        "final_state_hash": f"{run.final_state_hash:016x}",
        "chain": {
            "links": len(run.chain),
            "digest_bits": run.digest_bits,
            "top_16_bits_sha256": hashlib.sha256(b"".join(
                (digest >> (run.digest_bits - CODE_DIGEST_BITS)).to_bytes(2, "little")
                for digest in run.chain)).hexdigest(),
        },
        "inputs": {
            "sha256": hashlib.sha256(run.inputs).hexdigest(),
            "runs": len(input_runs(run.inputs)),
            "left_steps": sum(1 for value in run.inputs if value & 1),
            "right_steps": sum(1 for value in run.inputs if value & 2),
            "fire_steps": sum(1 for value in run.inputs if value & 4),
        },
    }


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("run", help="a .vir file, a file holding a share code, or a share code")
    parser.add_argument("--json", action="store_true", help="print the metadata as JSON")
    parser.add_argument("--to-code", action="store_true", help="print the run's share code instead")
    parser.add_argument("--to-vir", metavar="FILE", help="write the run as a .vir file instead")
    parser.add_argument("--simulation-version", type=int, metavar="N",
                        help="refuse a run recorded under another simulation version, as the game does")
    options = parser.parse_args(argv)
    try:
        form, run = read_run(options.run, options.simulation_version)
    except (RunError, OSError) as error:
        name = options.run if len(options.run) <= 40 else options.run[:37] + "..."
        print(f"vir_reader: {name}: {error}", file=sys.stderr)
        return 2
    if options.to_vir:
        with open(options.to_vir, "wb") as file:
            file.write(encode_vir(run))
    elif options.to_code:
        print(encode_share_code(run))
    elif options.json:
        print(json.dumps(metadata(form, run), indent=2))
    else:
        for name, value in metadata(form, run).items():
            if isinstance(value, dict):
                for inner, inner_value in value.items():
                    print(f"{name}.{inner}: {inner_value}")
            else:
                print(f"{name}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
