#pragma once
// `WavWriter`: a mono 16-bit PCM WAV file written as the samples come, for `--audio-out`.
//
// The samples go to `<path>.tmp` as they arrive, so an hour's render needs no memory for them; `finish()`
// fills in the header's sizes and renames the file into place, so an interrupted run never leaves a
// half-written FILE.wav (only its .tmp). Any player reads the result (RIFF/WAVE, format 1, 16 bits).

#include "vox/core/result.h"

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <span>
#include <string>

namespace invaders {

/// Samples one WAV file can hold: its data size is a 32-bit byte count (about 12 hours at 48 kHz).
inline constexpr int64_t kMaxWavSamples = (int64_t{1} << 31) - 64;

/// A float sample in [-1, 1] as a 16-bit PCM value: scaled by 32767 and rounded; outside [-1, 1] clamped.
[[nodiscard]] int16_t toPcm16(float sample);

/// See the file comment. Move-only.
class WavWriter {
public:
    /// Creates `<path>.tmp` and writes a header for mono 16-bit samples at `sampleRate` Hz (> 0). Fails,
    /// naming the file and the reason, when it cannot be created (no such folder, no permission).
    [[nodiscard]] static vox::Result<WavWriter> create(const std::filesystem::path& path, int sampleRate);

    /// Appends `samples` (see `toPcm16`). A write error is kept for `finish()`; later samples are dropped.
    void append(std::span<const float> samples);

    /// Fills in the header, flushes and renames `<path>.tmp` to `path`. Fails, naming the file, when a
    /// write failed (a full disk), the render outgrew `kMaxWavSamples`, or the rename failed; the .tmp
    /// is then removed. Call once.
    [[nodiscard]] vox::Status finish();

    /// Samples appended so far (those written, up to a failure).
    [[nodiscard]] int64_t sampleCount() const { return m_samples; }

private:
    WavWriter(std::filesystem::path path, std::ofstream file, int sampleRate);

    std::filesystem::path m_path;
    std::filesystem::path m_temporary;
    std::ofstream m_file;
    int m_sampleRate = 0;
    int64_t m_samples = 0;
    std::optional<std::string> m_failure;
};

} // namespace invaders
