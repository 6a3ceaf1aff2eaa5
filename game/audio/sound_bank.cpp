#include "audio/sound_bank.h"

#include "audio/synth.h"

#include "vox/core/assert.h"

namespace invaders {
namespace {

constexpr std::array<std::string_view, kSoundCount> kSoundNames = {
    "MarchNote1", "MarchNote2", "MarchNote3", "MarchNote4", "Shot",
    "InvaderHit", "PlayerHit",  "SaucerLoop", "SaucerHit",  "ExtraLife",
};
static_assert(static_cast<int>(SoundId::ExtraLife) + 1 == kSoundCount, "kSoundNames must list every SoundId");

// G2, F2, E-flat2, D2 (equal temperament, A4 = 440 Hz).
constexpr std::array<double, kMarchNoteCount> kMarchHz = {97.999, 87.307, 77.782, 73.416};

// The arcade sounds each march note for 4 frames; a short tail keeps it from clicking off.
constexpr double kMarchNoteSeconds = 4.0 / 60.0 + 0.02;

std::vector<float> march(int index, int rate) {
    ToneSpec tone;
    tone.startHz = tone.endHz = kMarchHz[static_cast<std::size_t>(index)];
    tone.seconds = kMarchNoteSeconds;
    tone.attackSeconds = 0.003;
    tone.decayPower = 1.0; // a thump, not an organ
    tone.level = 0.9f;
    std::vector<float> samples = renderTone(tone, rate);
    lowPass(samples, 700.0, rate); // rounds the square into a bass throb
    return samples;
}

std::vector<float> shot(int rate) {
    ToneSpec pew{.startHz = 1400.0, .endHz = 350.0, .seconds = 0.16, .decayPower = 1.0, .level = 0.4f};
    ToneSpec hiss{.waveform = Waveform::Noise,
                  .startHz = 9000.0,
                  .endHz = 3000.0,
                  .seconds = 0.12,
                  .decayPower = 2.0,
                  .level = 0.15f,
                  .noiseSeed = 11};
    std::vector<float> samples = renderTone(pew, rate);
    mixInto(samples, renderTone(hiss, rate));
    return samples;
}

std::vector<float> invaderHit(int rate) {
    ToneSpec burst{.waveform = Waveform::Noise,
                   .startHz = 7000.0,
                   .endHz = 1200.0,
                   .seconds = 0.3,
                   .decayPower = 2.0,
                   .level = 0.7f,
                   .noiseSeed = 23};
    ToneSpec thud{.startHz = 520.0, .endHz = 110.0, .seconds = 0.22, .decayPower = 1.5, .level = 0.3f};
    std::vector<float> samples = renderTone(burst, rate);
    lowPass(samples, 4000.0, rate);
    mixInto(samples, renderTone(thud, rate));
    return samples;
}

std::vector<float> playerHit(int rate) {
    ToneSpec rumble{.waveform = Waveform::Noise,
                    .startHz = 3500.0,
                    .endHz = 300.0,
                    .seconds = 1.1,
                    .decayPower = 1.5,
                    .level = 0.9f,
                    .noiseSeed = 37};
    std::vector<float> samples = renderTone(rumble, rate);
    lowPass(samples, 1800.0, rate);
    return samples;
}

std::vector<float> saucerLoop(int rate) {
    ToneSpec warble{.waveform = Waveform::Triangle,
                    .startHz = 620.0,
                    .endHz = 620.0,
                    .seconds = 0.5,
                    .attackSeconds = 0.0,
                    .releaseSeconds = 0.0,
                    .vibratoHz = 8.0,
                    .vibratoDepth = 0.3,
                    .level = 0.5f,
                    .seamlessLoop = true};
    return renderTone(warble, rate);
}

std::vector<float> saucerHit(int rate) {
    ToneSpec wobble{.startHz = 1100.0,
                    .endHz = 180.0,
                    .seconds = 0.75,
                    .decayPower = 1.2,
                    .vibratoHz = 14.0,
                    .vibratoDepth = 0.25,
                    .level = 0.45f};
    std::vector<float> samples = renderTone(wobble, rate);
    lowPass(samples, 3000.0, rate);
    return samples;
}

std::vector<float> extraLife(int rate) {
    constexpr int kBeeps = 8;
    constexpr double kBeepSeconds = 0.05;
    constexpr double kGapSeconds = 0.025;
    std::vector<float> samples;
    for (int beep = 0; beep < kBeeps; ++beep) {
        const double hz = beep % 2 == 0 ? 1318.5 : 1760.0; // E6, A6
        ToneSpec tone{.startHz = hz, .endHz = hz, .seconds = kBeepSeconds, .level = 0.35f};
        const auto offset = static_cast<std::size_t>(beep * (kBeepSeconds + kGapSeconds) * rate);
        mixInto(samples, renderTone(tone, rate), offset);
    }
    return samples;
}

} // namespace

std::string_view soundName(SoundId sound) {
    return kSoundNames[static_cast<std::size_t>(sound)];
}

SoundId marchNote(int index) {
    VOX_ASSERT(index >= 0 && index < kMarchNoteCount, "marchNote: index must be 0 to 3");
    return static_cast<SoundId>(static_cast<int>(SoundId::MarchNote1) + index);
}

double marchNoteFrequency(int index) {
    VOX_ASSERT(index >= 0 && index < kMarchNoteCount, "marchNoteFrequency: index must be 0 to 3");
    return kMarchHz[static_cast<std::size_t>(index)];
}

float soundLoudness(SoundId sound) {
    const bool march = sound >= SoundId::MarchNote1 && sound <= SoundId::MarchNote4;
    return march ? kSoundLoudness * 1.259f : kSoundLoudness; // +2 dB
}

std::vector<float> synthesizeSound(SoundId sound, int sampleRate) {
    VOX_ASSERT(sampleRate >= 8000 && sampleRate <= 192000, "synthesizeSound: sample rate out of range");
    std::vector<float> samples;
    switch (sound) {
    case SoundId::MarchNote1:
    case SoundId::MarchNote2:
    case SoundId::MarchNote3:
    case SoundId::MarchNote4:
        samples = march(static_cast<int>(sound) - static_cast<int>(SoundId::MarchNote1), sampleRate);
        break;
    case SoundId::Shot:
        samples = shot(sampleRate);
        break;
    case SoundId::InvaderHit:
        samples = invaderHit(sampleRate);
        break;
    case SoundId::PlayerHit:
        samples = playerHit(sampleRate);
        break;
    case SoundId::SaucerLoop:
        samples = saucerLoop(sampleRate);
        break;
    case SoundId::SaucerHit:
        samples = saucerHit(sampleRate);
        break;
    case SoundId::ExtraLife:
        samples = extraLife(sampleRate);
        break;
    }
    setLoudness(samples, soundLoudness(sound));
    limitPeak(samples, kSoundPeakLevel);
    return samples;
}

SoundBank SoundBank::synthesize(int sampleRate) {
    std::array<std::vector<float>, kSoundCount> sounds;
    for (int i = 0; i < kSoundCount; ++i)
        sounds[static_cast<std::size_t>(i)] = synthesizeSound(static_cast<SoundId>(i), sampleRate);
    return SoundBank(sampleRate, std::move(sounds));
}

SoundBank::SoundBank(int sampleRate, std::array<std::vector<float>, kSoundCount> sounds)
    : m_sampleRate(sampleRate), m_sounds(std::move(sounds)) {
    VOX_ASSERT(sampleRate > 0, "SoundBank: the sample rate must be positive");
}

} // namespace invaders
