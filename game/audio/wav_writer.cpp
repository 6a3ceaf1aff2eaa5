#include "audio/wav_writer.h"

#include "vox/core/assert.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <vector>

namespace invaders {
namespace {

constexpr int kHeaderBytes = 44;
constexpr int kBytesPerSample = 2;

void putU16(std::array<char, kHeaderBytes>& header, int offset, uint32_t value) {
    header[static_cast<size_t>(offset)] = static_cast<char>(value & 0xFF);
    header[static_cast<size_t>(offset + 1)] = static_cast<char>((value >> 8) & 0xFF);
}

void putU32(std::array<char, kHeaderBytes>& header, int offset, uint32_t value) {
    putU16(header, offset, value & 0xFFFF);
    putU16(header, offset + 2, value >> 16);
}

// The canonical 44-byte header of a mono 16-bit PCM file with `samples` samples.
std::array<char, kHeaderBytes> wavHeader(int sampleRate, int64_t samples) {
    std::array<char, kHeaderBytes> header{};
    const auto dataBytes = static_cast<uint32_t>(samples * kBytesPerSample);
    std::memcpy(header.data(), "RIFF", 4);
    putU32(header, 4, 36 + dataBytes);
    std::memcpy(header.data() + 8, "WAVEfmt ", 8);
    putU32(header, 16, 16);                                                  // fmt chunk size
    putU16(header, 20, 1);                                                   // PCM
    putU16(header, 22, 1);                                                   // mono
    putU32(header, 24, static_cast<uint32_t>(sampleRate));                   // samples per second
    putU32(header, 28, static_cast<uint32_t>(sampleRate * kBytesPerSample)); // bytes per second
    putU16(header, 32, kBytesPerSample);                                     // bytes per frame
    putU16(header, 34, 16);                                                  // bits per sample
    std::memcpy(header.data() + 36, "data", 4);
    putU32(header, 40, dataBytes);
    return header;
}

std::string reason() {
    return errno != 0 ? std::strerror(errno) : "unknown error";
}

} // namespace

int16_t toPcm16(float sample) {
    const float clamped = std::clamp(sample, -1.0f, 1.0f);
    return static_cast<int16_t>(std::lround(clamped * 32767.0f));
}

vox::Result<WavWriter> WavWriter::create(const std::filesystem::path& path, int sampleRate) {
    VOX_ASSERT(sampleRate > 0, "WavWriter::create: the sample rate must be positive");
    std::filesystem::path temporary = path;
    temporary += ".tmp";
    errno = 0;
    std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
    if (!file)
        return vox::Error{"cannot write " + path.string() + ": " + reason() +
                          " (is the folder there and writable?)"};
    const std::array<char, kHeaderBytes> header = wavHeader(sampleRate, 0);
    if (!file.write(header.data(), kHeaderBytes)) {
        vox::Error error{"cannot write " + path.string() + ": " + reason()};
        file.close();
        std::error_code ignored;
        std::filesystem::remove(temporary, ignored);
        return error;
    }
    return WavWriter(path, std::move(file), sampleRate);
}

WavWriter::WavWriter(std::filesystem::path path, std::ofstream file, int sampleRate)
    : m_path(std::move(path)), m_file(std::move(file)), m_sampleRate(sampleRate) {
    m_temporary = m_path;
    m_temporary += ".tmp";
}

void WavWriter::append(std::span<const float> samples) {
    if (m_failure || samples.empty())
        return;
    if (m_samples + static_cast<int64_t>(samples.size()) > kMaxWavSamples) {
        m_failure = m_path.string() + ": the sound is longer than a WAV file can hold (" +
                    std::to_string(kMaxWavSamples / m_sampleRate / 3600) + " hours at " +
                    std::to_string(m_sampleRate) + " Hz); render fewer --frames";
        return;
    }
    std::vector<char> bytes(samples.size() * kBytesPerSample);
    for (size_t i = 0; i < samples.size(); ++i) {
        const auto value = static_cast<uint16_t>(toPcm16(samples[i])); // little-endian two's complement
        bytes[2 * i] = static_cast<char>(value & 0xFF);
        bytes[2 * i + 1] = static_cast<char>(value >> 8);
    }
    errno = 0;
    if (!m_file.write(bytes.data(), static_cast<std::streamsize>(bytes.size()))) {
        m_failure = "cannot write " + m_path.string() + ": " + reason();
        return;
    }
    m_samples += static_cast<int64_t>(samples.size());
}

vox::Status WavWriter::finish() {
    if (!m_failure) {
        const std::array<char, kHeaderBytes> header = wavHeader(m_sampleRate, m_samples);
        errno = 0;
        if (!m_file.seekp(0) || !m_file.write(header.data(), kHeaderBytes) || !m_file.flush())
            m_failure = "cannot write " + m_path.string() + ": " + reason();
    }
    m_file.close();
    std::error_code error;
    if (!m_failure) {
        std::filesystem::rename(m_temporary, m_path, error);
        if (error)
            m_failure = "cannot write " + m_path.string() + ": " + error.message();
    }
    if (m_failure) {
        std::filesystem::remove(m_temporary, error);
        return vox::Error{*m_failure};
    }
    return {};
}

} // namespace invaders
