#include "audio/sound_bank.h"
#include "audio/synth.h"

#include <gtest/gtest.h>

#include <cmath>
#include <span>

namespace {

using invaders::SoundId;

constexpr int kRates[] = {22050, 44100, 48000};

// Mean period in samples between rising zero crossings in samples [begin, end): measured, not assumed,
// so it checks the pitch the oscillator really produces.
double measuredFrequency(std::span<const float> samples, int sampleRate) {
    std::vector<double> crossings;
    for (std::size_t i = 1; i < samples.size(); ++i) {
        if (samples[i - 1] < 0.0f && samples[i] >= 0.0f) // linear interpolation of the crossing point
            crossings.push_back(static_cast<double>(i - 1) + samples[i - 1] / (samples[i - 1] - samples[i]));
    }
    if (crossings.size() < 3)
        return 0.0;
    const double period = (crossings.back() - crossings.front()) / static_cast<double>(crossings.size() - 1);
    return sampleRate / period;
}

double rms(std::span<const float> samples) {
    double sum = 0.0;
    for (float sample : samples)
        sum += static_cast<double>(sample) * sample;
    return std::sqrt(sum / static_cast<double>(samples.size()));
}

TEST(RenderTone, LengthLevelAndPitchOfASquare) {
    for (int rate : kRates) {
        SCOPED_TRACE(rate);
        invaders::ToneSpec tone{.startHz = 440.0, .endHz = 440.0, .seconds = 0.25, .level = 0.6f};
        const std::vector<float> samples = invaders::renderTone(tone, rate);
        EXPECT_EQ(samples.size(), static_cast<std::size_t>(std::lround(0.25 * rate)));
        EXPECT_LE(invaders::peakLevel(samples), 0.6f);
        EXPECT_GT(invaders::peakLevel(samples), 0.59f);
        EXPECT_NEAR(measuredFrequency(samples, rate), 440.0, 440.0 * 0.005);
        EXPECT_EQ(samples.front(), 0.0f); // attack starts from silence
        EXPECT_EQ(samples.back(), 0.0f);  // release ends in silence
    }
}

TEST(RenderTone, AGlideEndsAtItsEndFrequency) {
    const int rate = 48000;
    invaders::ToneSpec tone{.startHz = 2000.0, .endHz = 250.0, .seconds = 0.5};
    const std::vector<float> samples = invaders::renderTone(tone, rate);
    const std::size_t tenth = samples.size() / 10;
    const double early = measuredFrequency(std::span(samples).first(tenth), rate);
    const double late = measuredFrequency(std::span(samples).last(tenth), rate);
    EXPECT_GT(early, 1600.0);
    EXPECT_LT(late, 300.0);
    EXPECT_GT(late, 230.0);
}

TEST(RenderTone, NoiseIsDeterministicPerSeed) {
    invaders::ToneSpec noise{.waveform = invaders::Waveform::Noise, .startHz = 8000.0, .endHz = 8000.0};
    const auto a = invaders::renderTone(noise, 44100);
    const auto b = invaders::renderTone(noise, 44100);
    noise.noiseSeed = 2;
    const auto c = invaders::renderTone(noise, 44100);
    EXPECT_EQ(a, b);
    EXPECT_NE(a, c);
}

TEST(RenderTone, ASeamlessLoopIsWholeVibratoPeriodsAndJoinsWithoutAJump) {
    for (int rate : kRates) {
        SCOPED_TRACE(rate);
        invaders::ToneSpec warble{.waveform = invaders::Waveform::Triangle,
                                  .startHz = 600.0,
                                  .endHz = 600.0,
                                  .seconds = 0.3,
                                  .attackSeconds = 0.0,
                                  .releaseSeconds = 0.0,
                                  .vibratoHz = 8.0,
                                  .vibratoDepth = 0.3,
                                  .seamlessLoop = true};
        const std::vector<float> samples = invaders::renderTone(warble, rate);
        const double periods = static_cast<double>(samples.size()) * 8.0 / rate;
        EXPECT_NEAR(periods, std::round(periods), 0.01) << samples.size();
        float largestStep = 0.0f;
        for (std::size_t i = 1; i < samples.size(); ++i)
            largestStep = std::max(largestStep, std::abs(samples[i] - samples[i - 1]));
        // The jump from the last sample back to the first is no bigger than any step inside the loop.
        EXPECT_LE(std::abs(samples.front() - samples.back()), largestStep * 1.01f);
    }
}

TEST(LowPass, AttenuatesHighFrequenciesMoreThanLowOnes) {
    const int rate = 48000;
    auto low = invaders::renderTone({.startHz = 100.0, .endHz = 100.0, .seconds = 0.2}, rate);
    auto high = invaders::renderTone({.startHz = 8000.0, .endHz = 8000.0, .seconds = 0.2}, rate);
    const double lowBefore = rms(low);
    const double highBefore = rms(high);
    invaders::lowPass(low, 500.0, rate);
    invaders::lowPass(high, 500.0, rate);
    EXPECT_GT(rms(low) / lowBefore, 0.8);
    EXPECT_LT(rms(high) / highBefore, 0.15);
}

TEST(LimitPeak, ScalesOnlyLoudBuffers) {
    std::vector<float> loud = {0.0f, 2.0f, -1.0f};
    invaders::limitPeak(loud, 0.5f);
    EXPECT_EQ(loud, (std::vector<float>{0.0f, 0.5f, -0.25f}));
    std::vector<float> quiet = {0.1f, -0.2f};
    invaders::limitPeak(quiet, 0.5f);
    EXPECT_EQ(quiet, (std::vector<float>{0.1f, -0.2f}));
}

TEST(MixInto, GrowsTheDestinationAndAdds) {
    std::vector<float> destination = {1.0f, 1.0f};
    const std::vector<float> source = {0.5f, 0.5f, 0.5f};
    invaders::mixInto(destination, source, 1);
    EXPECT_EQ(destination, (std::vector<float>{1.0f, 1.5f, 0.5f, 0.5f}));
}

TEST(SetLoudness, ScalesToTheRmsAndLeavesSilenceAlone) {
    std::vector<float> square = {0.5f, -0.5f, 0.5f, -0.5f};
    invaders::setLoudness(square, 0.1f);
    EXPECT_EQ(square, (std::vector<float>{0.1f, -0.1f, 0.1f, -0.1f}));
    EXPECT_FLOAT_EQ(invaders::rmsLevel(square), 0.1f);
    std::vector<float> silence(8, 0.0f);
    invaders::setLoudness(silence, 0.1f);
    EXPECT_EQ(silence, std::vector<float>(8, 0.0f));
    EXPECT_EQ(invaders::rmsLevel({}), 0.0f);
}

TEST(SoundBank, EverySoundIsLevelledToItsLoudness) {
    for (int rate : kRates) {
        const invaders::SoundBank bank = invaders::SoundBank::synthesize(rate);
        for (int i = 0; i < invaders::kSoundCount; ++i) {
            const auto sound = static_cast<SoundId>(i);
            SCOPED_TRACE(std::string(invaders::soundName(sound)) + " at " + std::to_string(rate) + " Hz");
            const std::span<const float> samples = bank.samples(sound);
            const float loudness = invaders::soundLoudness(sound);
            EXPECT_GE(loudness, invaders::kSoundLoudness);
            EXPECT_LE(loudness, invaders::kSoundLoudness * 1.3f); // at most about 2 dB above the others
            if (invaders::peakLevel(samples) < invaders::kSoundPeakLevel * 0.999f) {
                EXPECT_NEAR(rms(samples), loudness, loudness * 0.01);
            } else { // turned down to the peak level: quieter, but not by more than 3 dB
                EXPECT_LE(rms(samples), loudness * 1.001);
                EXPECT_GE(rms(samples), loudness * 0.7);
            }
        }
    }
}

TEST(SoundBank, EverySoundIsAudibleUnclippedFiniteAndDeterministic) {
    for (int rate : kRates) {
        const invaders::SoundBank bank = invaders::SoundBank::synthesize(rate);
        const invaders::SoundBank again = invaders::SoundBank::synthesize(rate);
        EXPECT_EQ(bank.sampleRate(), rate);
        for (int i = 0; i < invaders::kSoundCount; ++i) {
            const auto sound = static_cast<SoundId>(i);
            SCOPED_TRACE(std::string(invaders::soundName(sound)) + " at " + std::to_string(rate) + " Hz");
            const std::span<const float> samples = bank.samples(sound);
            const double seconds = static_cast<double>(samples.size()) / rate;
            EXPECT_GE(seconds, 0.05);
            EXPECT_LE(seconds, 1.5);
            for (float sample : samples)
                ASSERT_TRUE(std::isfinite(sample));
            EXPECT_LE(invaders::peakLevel(samples), invaders::kSoundPeakLevel);
            EXPECT_GE(invaders::peakLevel(samples), invaders::kSoundLoudness); // a peak above the RMS
            EXPECT_TRUE(std::equal(samples.begin(), samples.end(), again.samples(sound).begin(),
                                   again.samples(sound).end()));
            if (sound != SoundId::SaucerLoop) { // one-shots fade in and out: no click at either end
                EXPECT_LT(std::abs(samples.front()), 0.02f);
                EXPECT_LT(std::abs(samples.back()), 0.02f);
            }
        }
    }
}

TEST(SoundBank, MarchNotesSoundAtTheirPitchesAndDescendInTheBass) {
    for (int rate : kRates) {
        SCOPED_TRACE(rate);
        double previous = 1e9;
        for (int note = 0; note < invaders::kMarchNoteCount; ++note) {
            const double expected = invaders::marchNoteFrequency(note);
            EXPECT_LT(expected, previous) << "the march descends";
            EXPECT_LT(expected, 130.0) << "a bass line";
            previous = expected;
            const auto samples = invaders::synthesizeSound(invaders::marchNote(note), rate);
            // The first two thirds, where the decaying note is well above the noise floor.
            const auto body = std::span(samples).first(samples.size() * 2 / 3);
            EXPECT_NEAR(measuredFrequency(body, rate), expected, expected * 0.01) << "note " << note;
        }
    }
}

TEST(SoundBank, MarchNotesLastTheArcadeFourFramesPlusATail) {
    const auto samples = invaders::synthesizeSound(SoundId::MarchNote1, 48000);
    const double seconds = static_cast<double>(samples.size()) / 48000.0;
    EXPECT_GE(seconds, 4.0 / 60.0);
    EXPECT_LE(seconds, 4.0 / 60.0 + 0.05);
}

} // namespace
