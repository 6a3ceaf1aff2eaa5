#pragma once
// `AudioSystem`: the game's sound output through SDL2 audio, or silence when there is no device.
//
// At start-up: `AudioSystem::openOrSilent(settings, warn)`. It opens the default (or named) output
// device, synthesises the `SoundBank` at the device's sample rate and runs a `Mixer` on SDL's audio
// thread. Without an audio device (no sound card, a headless CI machine, SDL_AUDIODRIVER pointing nowhere)
// the game gets a silent `AudioSystem` whose calls do nothing, after one warning. Audio is output only:
// nothing here feeds back into the simulation.
//
// Offline (`AudioSystem::offline`, for `--audio-out` and the mix tests): the same `Mixer` with no device
// and no clock but the simulation's. Each `renderStep()` mixes exactly one 60 Hz step of samples
// (`sampleRate / 60`) and hands them to a sink, so a headless run's sound is a pure function of its steps.

#include "audio/mixer.h"
#include "audio/sound_bank.h"

#include "vox/core/result.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>

namespace invaders {

/// How to open the audio device.
struct AudioSettings {
    int sampleRate = 48000;   ///< Requested rate in Hz; the device may choose another (see sampleRate()).
    int bufferSamples = 1024; ///< Device buffer in samples (~21 ms at 48 kHz): lower is snappier, riskier.
    std::string deviceName;   ///< Output device as SDL names it; empty: the system's default.
    Volumes volumes;          ///< Initial volumes.
};

/// Sample rate of offline renders, in Hz: 800 samples per 60 Hz step.
inline constexpr int kOfflineSampleRate = 48000;

/// A call that changed what plays, as an offline audio system reports it (for tests and tools).
struct SoundCue {
    /// What the call was.
    enum class Kind : uint8_t {
        Play,      ///< `play(sound)`.
        StartLoop, ///< `startLoop(sound)`, when it was not looping yet.
        StopLoop,  ///< `stopLoop(sound)`, when it was looping.
        StopAll,   ///< `stopAll()`, when something was playing (`sound` is meaningless).
    };
    Kind kind = Kind::Play;        ///< The call.
    SoundId sound = SoundId::Shot; ///< The sound it named.
    int64_t sample = 0; ///< Where in the render it takes effect: the first sample of the next step.
};

/// Where an offline audio system sends what it renders.
struct OfflineOutput {
    /// Receives each step's samples (each in [-1, 1]) as soon as they are mixed; may be empty.
    std::function<void(std::span<const float>)> samples;
    /// Receives every `SoundCue` as the call is made; may be empty.
    std::function<void(const SoundCue&)> cues;
};

/// Sound output. Move-only; closing happens in the destructor. All calls are cheap and safe from the
/// game thread; they lock the audio thread only for the few instructions that touch the mixer.
class AudioSystem {
public:
    /// Opens the device described by `settings` and starts playing silence. Fails, with SDL's reason,
    /// when the audio subsystem or the device cannot be opened.
    [[nodiscard]] static vox::Result<AudioSystem> open(const AudioSettings& settings = {});

    /// An audio system with no device: every call does nothing.
    [[nodiscard]] static AudioSystem silent();

    /// An audio system that renders offline (see the file comment) at `sampleRate` Hz, a multiple of 60
    /// from 8000 to 192000, starting with `volumes`; what it renders goes to `output`.
    [[nodiscard]] static AudioSystem offline(OfflineOutput output, int sampleRate = kOfflineSampleRate,
                                             const Volumes& volumes = {});

    /// `open(settings)`, or on failure `silent()` after calling `warn` once with a sentence saying why
    /// the game will be silent.
    [[nodiscard]] static AudioSystem openOrSilent(const AudioSettings& settings,
                                                  const std::function<void(std::string_view)>& warn);

    AudioSystem(AudioSystem&&) noexcept;
    AudioSystem& operator=(AudioSystem&&) noexcept;
    ~AudioSystem();

    /// True when there is neither a device nor an offline render (the calls below do nothing).
    [[nodiscard]] bool isSilent() const { return m_device == nullptr && m_offline == nullptr; }
    /// True for an offline render.
    [[nodiscard]] bool isOffline() const { return m_offline != nullptr; }
    /// The device's (or the offline render's) sample rate in Hz, or 0 when silent.
    [[nodiscard]] int sampleRate() const;

    /// Plays `sound` once. See `Mixer::play`.
    void play(SoundId sound);
    /// Starts `sound` looping unless it already is. See `Mixer::startLoop`.
    void startLoop(SoundId sound);
    /// Fades out the loop of `sound`. See `Mixer::stopLoop`.
    void stopLoop(SoundId sound);
    /// Stops every sound (e.g. when the game is paused or quits to the title).
    void stopAll();
    /// Sets master and effects volume (clamped to [0, 1]) and mute.
    void setVolumes(const Volumes& volumes);

    /// Voices now playing; 0 when silent. For tests and the debug overlay.
    [[nodiscard]] int activeVoices() const;

    /// Offline: mixes the next simulation step's `sampleRate() / 60` samples and sends them to the output.
    /// Call once after each step's sounds were played. Otherwise nothing (a device keeps its own time).
    void renderStep();
    /// Offline: samples rendered so far (`renderStep()` calls times `sampleRate() / 60`); otherwise 0.
    [[nodiscard]] int64_t renderedSamples() const;

private:
    struct Device;
    struct Offline;
    explicit AudioSystem(std::unique_ptr<Device> device);
    explicit AudioSystem(std::unique_ptr<Offline> offline);
    template <class Function>
    void withMixer(Function&& function) const;
    void cue(SoundCue::Kind kind, SoundId sound);

    std::unique_ptr<Device> m_device;   // null when silent or offline
    std::unique_ptr<Offline> m_offline; // null unless offline
};

} // namespace invaders
