#!/usr/bin/env python3
"""CTest vir_reader_agrees_with_the_game: scripts/vir_reader.py, written from docs/run-format.md alone,
against the game itself, so that the page stays true to what the game writes and refuses.

    vir_reader_test.py GAME WORK_DIR       (run from the source tree; needs no display: --headless runs)

1. Runs recorded by the game (demo seeds played headless with --record, --print-state-hash and
   --print-share-code): the reader's metadata agrees with the game's command line (seed, steps) and what it
   printed (the state hash, the share code), the file has a chain link a second, the file and the code hold
   the same inputs and chain (the code's 16 bits of each link), the reader writes the game's code byte for
   byte, and what the reader writes (a code, a .vir file) the game plays to the recorded hash.
2. Runs written by the reader (seeded random inputs, two players, every difficulty and board setting,
   chains of 8-byte, 2-byte or no digests, extreme seeds and lengths, 0 and 1 steps), in format version 2
   and in version 1: the game's --share-code gives the reader's code, and the reader decodes it.
3. The worked example of the page: the game still turns its bytes into its code.
4. Damage: every one-byte change to a recorded .vir file is refused by both; a share code with a character
   changed is refused by both except where the page says the change is ignored (the last character's
   unused bits); an input changed with the checksum recomputed loads in both and the game's replay then
   departs at the second the page's chain says.
"""

import json
import os
import random
import re
import subprocess
import sys

SOURCE = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(SOURCE, "scripts"))
import vir_reader  # noqa: E402  (the reader under test)

READER = os.path.join(SOURCE, "scripts", "vir_reader.py")
RANDOM_SEED = 35  # the handmade runs' inputs; printed


class Checks:
    def __init__(self):
        self.failures = 0
        self.passed = 0

    def expect(self, condition, what):
        if condition:
            self.passed += 1
        else:
            self.failures += 1
            print(f"FAILED: {what}", flush=True)


def run(command, environment):
    return subprocess.run(command, capture_output=True, text=True, env=environment, cwd=SOURCE, timeout=300)


def game_hash(output):
    match = re.search(r"^state-hash: ([0-9a-f]{16})$", output, re.MULTILINE)
    return match.group(1) if match else None


def game_code(output):
    match = re.search(r"^share-code: (VIR\S+)$", output, re.MULTILINE)
    return match.group(1) if match else None


def reader_json(argument):
    """The reader run as a program (its command line and JSON, not only its functions)."""
    result = subprocess.run([sys.executable, READER, "--json", argument], capture_output=True, text=True)
    if result.returncode != 0:
        return None
    return json.loads(result.stdout)


def same_run(first, second):
    keys = ("simulation_version", "seed", "players", "difficulty", "starting_ships", "extra_ship_score", "steps",
            "final_state_hash", "inputs")
    return all(first[key] == second[key] for key in keys) and \
        first["chain"]["links"] == second["chain"]["links"] and \
        first["chain"]["top_16_bits_sha256"] == second["chain"]["top_16_bits_sha256"]


def check_recorded_runs(checks, game, work, environment):
    """Part 1; returns the paths of the recorded files and their codes."""
    recorded = []
    for seed, steps in ((7, 300), (11, 2400), (3, 5000)):
        path = os.path.join(work, f"demo-seed{seed}-{steps}.vir")
        played = run([game, "--headless", "--size", "64x64", "--demo", "--seed", str(seed), "--frames",
                      str(steps), "--record", path, "--print-state-hash", "--print-share-code"], environment)
        name = f"demo seed {seed}, {steps} steps"
        checks.expect(played.returncode == 0, f"{name}: the game recorded it ({played.stderr.strip()})")
        if played.returncode != 0:
            continue
        from_file, from_code = reader_json(path), reader_json(game_code(played.stdout) or "")
        checks.expect(from_file is not None and from_code is not None, f"{name}: the reader reads both forms")
        if from_file is None or from_code is None:
            continue
        print(f"{name}: {from_file['steps']} steps, hash {from_file['final_state_hash']}, inputs "
              f"{from_file['inputs']['sha256'][:16]}..., code of {len(game_code(played.stdout))} characters")
        checks.expect(from_file["seed"] == seed and from_file["steps"] == steps and from_file["players"] == 1
                      and from_file["difficulty"] == "arcade", f"{name}: seed, steps, players, difficulty")
        checks.expect(from_file["format_version"] == 2 and from_code["format_version"] == 2 and
                      from_file["starting_ships"] == 3 and from_file["extra_ship_score"] == 1500,
                      f"{name}: format version 2 of both forms, the arcade's DIP settings")
        checks.expect(from_file["chain"]["links"] == steps // 60 and from_file["chain"]["digest_bits"] == 64 and
                      from_code["chain"]["digest_bits"] == 16, f"{name}: a chain link a second ({from_file['chain']})")
        checks.expect(from_file["final_state_hash"] == game_hash(played.stdout),
                      f"{name}: the file's final hash is the one the game printed")
        checks.expect(from_file["form"] == "vir" and from_code["form"] == "share-code", f"{name}: forms")
        checks.expect(same_run(from_file, from_code), f"{name}: the file and the code hold the same run")
        replay = vir_reader.read_run(path)[1]
        code = vir_reader.encode_share_code(replay)
        checks.expect(code == game_code(played.stdout), f"{name}: the reader writes the game's code")
        converted = os.path.join(work, f"converted-{seed}.vir")
        subprocess.run([sys.executable, READER, "--to-vir", converted, code], check=True)
        for flag, argument in (("--replay", converted), ("--replay-code", code)):
            replayed = run([game, "--headless", "--size", "64x64", flag, argument, "--print-state-hash"],
                           environment)
            checks.expect(replayed.returncode == 0 and game_hash(replayed.stdout) == from_file["final_state_hash"],
                          f"{name}: the game plays the reader's {flag} to the recorded hash "
                          f"({replayed.returncode}, {replayed.stderr.strip()[:200]})")
        recorded.append((path, code))
    return recorded


def handmade_inputs(rng, steps, hold):
    inputs = bytearray()
    while len(inputs) < steps:
        inputs += bytes([rng.randrange(8)]) * min(steps - len(inputs), rng.randint(1, hold))
    return bytes(inputs)


def handmade_run(rng, index, steps, hold, version):
    """A run of the reader's making: every player count, difficulty and board setting; a chain of 8-byte
    digests, of 2-byte ones (as converted from a code) or none (as from a version-1 file)."""
    seeds = (0, 1, 127, 128, 300, 2**32, 2**63, 2**64 - 1)
    inputs = handmade_inputs(rng, steps, hold)
    digest_bits = (64, 16, 64)[index % 3]
    chain = [rng.getrandbits(digest_bits) for _ in range(steps // 60)] if index % 3 != 2 else []
    return vir_reader.Run(simulation_version=version + (index % 5 == 4) * 126, seed=seeds[index % len(seeds)],
                          players=1 + index % 2, difficulty=index % 3, inputs=inputs,
                          final_state_hash=rng.getrandbits(64), game_version="0.1.0-test"[:index],
                          starting_ships=vir_reader.STARTING_SHIPS[index % 4],
                          extra_ship_score=vir_reader.EXTRA_SHIP_SCORES[index // 4 % 2], chain=chain,
                          digest_bits=digest_bits)


def version_one_file(run):
    """`run` as a version-1 file (the page's layout; the reader writes version 2 only)."""
    version = (run.game_version or "").encode("latin-1")
    data = bytearray(vir_reader.VIR_MAGIC) + (1).to_bytes(4, "little") + run.simulation_version.to_bytes(4, "little")
    data += bytes([len(version)]) + version + run.seed.to_bytes(8, "little") + bytes([run.players, run.difficulty])
    data += len(run.inputs).to_bytes(4, "little") + run.final_state_hash.to_bytes(8, "little") + run.inputs
    return bytes(data + vir_reader.fnv1a32(data).to_bytes(4, "little"))


def check_handmade_runs(checks, game, work, version):
    """Part 2; returns one code whose body is a multiple of 4 characters long."""
    rng = random.Random(RANDOM_SEED)
    print(f"handmade runs: random seed {RANDOM_SEED}")
    cases = [(0, 1), (1, 1), (5, 1), (1000, 3), (3000, 40), (20000, 3000), (300000, 150000)]
    cases += [(rng.randint(1, 400), rng.choice((1, 2, 8))) for _ in range(24)]
    body_multiple_of_4 = None
    for index, (steps, hold) in enumerate(cases):
        replay = handmade_run(rng, index, steps, hold, version)
        path = os.path.join(work, f"handmade-{index}.vir")
        format_one = index % 7 == 6  # a version-1 file: the arcade's settings, no chain
        if format_one:
            replay.starting_ships, replay.extra_ship_score, replay.chain = 3, 1500, []
        with open(path, "wb") as file:
            file.write(version_one_file(replay) if format_one else vir_reader.encode_vir(replay))
        converted = run([game, "--share-code", path], os.environ.copy())
        name = f"handmade run {index} ({steps} steps, held up to {hold}, {replay.players} players, seed " \
               f"{replay.seed}, {replay.starting_ships} ships, extra at {replay.extra_ship_score}, " \
               f"{len(replay.chain)} links of {replay.digest_bits} bits, simulation version " \
               f"{replay.simulation_version}, file format {1 if format_one else 2})"
        if replay.simulation_version != version:
            checks.expect(converted.returncode == 1, f"{name}: the game refuses another simulation version")
            continue
        code = game_code(converted.stdout)
        checks.expect(converted.returncode == 0 and code is not None, f"{name}: the game converts it "
                      f"({converted.stderr.strip()})")
        checks.expect(code == vir_reader.encode_share_code(replay), f"{name}: the reader's code is the game's")
        decoded = vir_reader.decode_share_code(code or "")
        short_chain = [digest >> (replay.digest_bits - 16) for digest in replay.chain]
        checks.expect(decoded.inputs == replay.inputs and decoded.seed == replay.seed and
                      decoded.players == replay.players and decoded.difficulty == replay.difficulty and
                      decoded.starting_ships == replay.starting_ships and
                      decoded.extra_ship_score == replay.extra_ship_score and decoded.chain == short_chain and
                      decoded.final_state_hash == replay.final_state_hash, f"{name}: the reader decodes it")
        if code and (len(code) - len("VIR2-")) % 4 == 0 and body_multiple_of_4 is None:
            body_multiple_of_4 = code
    return body_multiple_of_4


def check_worked_example(checks, game, work):
    with open(os.path.join(SOURCE, "docs", "run-format.md"), encoding="utf-8") as file:
        page = file.read()
    file_hex = re.search(r"<!-- vir-example-file -->\n((?:    [0-9A-F ]+\n)+)", page)
    code = re.search(r"<!-- vir-example-code -->\n    (VIR\S+)\n", page)
    checks.expect(file_hex is not None and code is not None, "the page's worked example is found")
    if file_hex is None or code is None:
        return
    path = os.path.join(work, "worked-example.vir")
    with open(path, "wb") as file:
        file.write(bytes.fromhex(file_hex.group(1)))
    converted = run([game, "--share-code", path], os.environ.copy())
    checks.expect(game_code(converted.stdout) == code.group(1),
                  f"the game turns the page's example file into the page's code ({converted.stdout.strip()}"
                  f"{converted.stderr.strip()}; after a simulation version bump, write the example again: "
                  "scripts/vir_reader.py --to-code)")
    checks.expect(vir_reader.read_run(path)[1].inputs == vir_reader.decode_share_code(code.group(1)).inputs,
                  "the reader reads the same inputs from the example's file and code")


def refused_by_reader(data_or_code):
    try:
        if isinstance(data_or_code, bytes):
            vir_reader.parse_vir(data_or_code)
        else:
            vir_reader.decode_share_code(data_or_code)
        return False
    except vir_reader.RunError:
        return True


def check_damaged_files(checks, game, work, recorded, environment):
    path, code = recorded[0]
    with open(path, "rb") as file:
        original = file.read()
    damaged = os.path.join(work, "damaged-for-game.vir")
    changes = [original[:i] + bytes([original[i] ^ flip]) + original[i + 1:]
               for i in range(len(original)) for flip in (0x01, 0x80)]
    changes += [original[:length] for length in (0, 7, 8, 16, 39, len(original) - 4, len(original) - 1)]
    changes += [original + b"\0"]
    reader_refused = sum(refused_by_reader(data) for data in changes)
    # The game (a process each): every header and checksum byte, every 16th input and 8th chain byte, the
    # cuts and addition.
    parsed = vir_reader.parse_vir(original)
    header = len(original) - len(parsed.inputs) - 8 * len(parsed.chain) - 4
    chain = len(original) - 8 * len(parsed.chain) - 4

    def for_the_game(at):
        return at < header or at >= len(original) - 4 or (at < chain and at % 16 == 0) or (at >= chain and at % 8 == 0)

    for_game = [data for index, data in enumerate(changes[:2 * len(original)])
                if index % 2 == 0 and for_the_game(index // 2)]
    for_game += changes[2 * len(original):]
    game_refused = 0
    for data in for_game:
        with open(damaged, "wb") as file:
            file.write(data)
        game_refused += run([game, "--share-code", damaged], environment).returncode == 1
    print(f"damaged copies of {os.path.basename(path)}: the reader refused {reader_refused} of {len(changes)}, "
          f"the game {game_refused} of {len(for_game)}")
    checks.expect(reader_refused == len(changes), "the reader refuses every one-byte change, cut and addition")
    with open(damaged, "wb") as file:
        file.write(changes[2 * (chain - 1)])  # the last input changed
    as_program = subprocess.run([sys.executable, READER, damaged], capture_output=True, text=True)
    checks.expect(as_program.returncode == 2 and "checksum" in as_program.stderr,
                  f"the reader's program exits 2 saying why ({as_program.returncode}, {as_program.stderr.strip()})")
    checks.expect(game_refused == len(for_game), "the game refuses every one-byte change, cut and addition")

    # An edited input under a recomputed checksum loads in both; only playing it finds it, by the chain, in
    # the second it was edited in or later (the page).
    replay = vir_reader.parse_vir(original)
    middle = len(replay.inputs) // 2
    replay.inputs = replay.inputs[:middle] + bytes([2]) * 60 + replay.inputs[middle + 60:]
    with open(damaged, "wb") as file:
        file.write(vir_reader.encode_vir(replay))
    checks.expect(not refused_by_reader(vir_reader.encode_vir(replay)), "the reader loads an edited run")
    checks.expect(run([game, "--share-code", damaged], environment).returncode == 0, "the game loads it too")
    replayed = run([game, "--headless", "--size", "64x64", "--replay", damaged, "--print-state-hash"], environment)
    departure = re.search(r"departs at (\d+):(\d\d), step ([\d,]+)", replayed.stderr)
    step = int(departure.group(3).replace(",", "")) if departure else -1
    checks.expect(replayed.returncode == 1 and departure is not None and step % 60 == 0 and
                  middle < step <= middle + 120 and
                  int(departure.group(1)) * 60 + int(departure.group(2)) == step // 60,
                  f"the game's replay of the run edited at step {middle} departs at the next whole second or the "
                  f"one after ({replayed.returncode}, {replayed.stderr.strip()[:300]})")


def ignored_change(code, position, replacement):
    """True where the page says a changed character is ignored: unused low bits of the last character."""
    if position != len(code) - 1:
        return False
    leftover = (len(code) - len("VIR2-")) * 6 % 8  # bits after the last whole byte: 0, 2, 4 or 6
    if leftover == 6:
        return True  # the last character makes no byte
    used = ((1 << (6 - leftover)) - 1) << leftover
    alphabet = vir_reader.ALPHABET
    return (alphabet.index(code[position]) & used) == (alphabet.index(replacement) & used)


def code_of(content):
    """A share code around `content`, with its right length and checksum."""
    payload = bytearray()
    vir_reader.put_varint(payload, len(content))
    payload += vir_reader.fnv1a32(content).to_bytes(4, "little") + content
    return "VIR2-" + vir_reader.base64url_encode(payload)


def written_codes(replay):
    """Codes with a sound checksum written other than the game writes them, and whether the page says they
    are refused: the content's header fields at and past their limits, the chain's length, the range-coded
    bytes one too few or many, non-minimal varints."""

    def content(seed=(), players_and_difficulty=None, board=0, steps=None, inputs=None, range_bytes=None,
                links=None):
        data = bytearray()
        vir_reader.put_varint(data, replay.simulation_version)
        data += bytes(seed) if seed else b""
        if not seed:
            vir_reader.put_varint(data, replay.seed)
        data.append((replay.players - 1) if players_and_difficulty is None else players_and_difficulty)
        data.append(board)
        step_inputs = replay.inputs if inputs is None else inputs
        vir_reader.put_varint(data, len(step_inputs) if steps is None else steps)
        data += replay.final_state_hash.to_bytes(8, "little")
        chain = [digest >> 48 for digest in replay.chain] if inputs is None else []
        vir_reader.put_varint(data, len(chain) if links is None else links)
        for digest in chain:
            data += digest.to_bytes(2, "little")
        data += vir_reader.encode_inputs(step_inputs) if range_bytes is None else range_bytes
        return bytes(data)

    coded = vir_reader.encode_inputs(replay.inputs)
    ends_on_zeros = bytes([0, 0, 0, 1, 1, 5, 5, 5, 5, 2, 4, 0])  # the page's worked example
    return [(code_of(content()), False),
            (code_of(content(range_bytes=coded + b"\0")), True),
            (code_of(content(range_bytes=coded[:-1])), True),
            (code_of(content(seed=b"\x80" * 9 + b"\x01")), False),  # 2^63 in 10 bytes
            (code_of(content(seed=b"\x80" * 9 + b"\x02")), True),  # 65 bits
            (code_of(content(seed=b"\x81\x80\x80\x00")), False),  # 1, non-minimal
            (code_of(content(players_and_difficulty=5)), False),
            (code_of(content(players_and_difficulty=6)), True),
            (code_of(content(board=7)), False),
            (code_of(content(board=8)), True),
            (code_of(content(links=len(replay.chain) + 1)), True),
            (code_of(content(inputs=bytes(130), links=0)), False),  # no chain: allowed
            (code_of(content(inputs=bytes(130), links=1)), True),  # neither none nor one a second
            (code_of(content(steps=(40 << 20) + 1)), True),
            (code_of(content(inputs=b"", range_bytes=b"")), False),  # 0 steps: 0..5 range bytes
            (code_of(content(inputs=b"", range_bytes=b"\0" * 3)), False),
            (code_of(content(inputs=b"", range_bytes=b"\0" * 6)), True),
            (code_of(content()[:-9]), True),
            # ends on zero bytes, so a decoder that read zeros past the end would not notice the cut one
            (code_of(content(inputs=ends_on_zeros, range_bytes=vir_reader.encode_inputs(ends_on_zeros)[:-1])), True)]


def check_damaged_codes(checks, game, recorded, multiple_of_4, environment):
    code = recorded[0][1]
    alphabet = vir_reader.ALPHABET
    cases = []
    for position in range(len("VIR2-"), len(code)):
        for step in (1, 17):
            replacement = alphabet[(alphabet.index(code[position]) + step) % 64]
            cases.append((code[:position] + replacement + code[position + 1:],
                          not ignored_change(code, position, replacement)))
    cases += [(code[:length], True) for length in (0, 3, 5, 6, len(code) - 4, len(code) - 1)]
    cases += [("vir2" + code[4:], True), ("VIR3" + code[4:], True), ("VIR0" + code[4:], True), ("VIR" + code[5:], True),
              (code + "=", True), (code[:9] + " \n" + code[9:], False), ("VIR02" + code[4:], False)]
    cases += written_codes(vir_reader.read_run(recorded[0][0])[1])
    if multiple_of_4:
        cases.append((multiple_of_4 + "A", False))  # a last character making no byte: ignored
    checks.expect(multiple_of_4 is not None, "a handmade code has a body of a multiple of 4 characters")
    disagreements = 0
    for damaged, refused in cases:
        by_reader = refused_by_reader(damaged)
        # --replay-code decodes the code as it reads the command line (a bad one is exit 2, no window).
        by_game = run([game, "--headless", "--size", "64x64", "--frames", "1", "--replay-code", damaged],
                      environment).returncode == 2
        if by_reader != refused or by_game != refused:
            disagreements += 1
            print(f"  {damaged[:70]}: expected {'refused' if refused else 'read'}, reader "
                  f"{'refused' if by_reader else 'read'}, game {'refused' if by_game else 'read'}")
    print(f"{len(cases)} changed or specially written codes, {sum(refused for _, refused in cases)} of them "
          "to be refused")
    checks.expect(disagreements == 0, "the reader and the game refuse exactly the changed codes the page says")


def main(argv):
    if len(argv) != 2:
        print(__doc__)
        return 2
    game, work = os.path.abspath(argv[0]), os.path.abspath(argv[1])
    os.makedirs(os.path.join(work, "home"), exist_ok=True)
    environment = dict(os.environ, SDL_VIDEODRIVER="offscreen", SDL_AUDIODRIVER="dummy",
                       VOX_DATA_HOME=os.path.join(work, "home"))
    checks = Checks()
    recorded = check_recorded_runs(checks, game, work, environment)
    version = vir_reader.read_run(recorded[0][0])[1].simulation_version if recorded else 2
    multiple_of_4 = check_handmade_runs(checks, game, work, version)
    check_worked_example(checks, game, work)
    if recorded:
        check_damaged_files(checks, game, work, recorded, environment)
        check_damaged_codes(checks, game, recorded, multiple_of_4, environment)
    print(f"{checks.passed} checks passed, {checks.failures} failed")
    return 1 if checks.failures or not recorded else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
