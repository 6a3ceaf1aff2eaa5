#pragma once
// `AudioSystem`: the game's sound output through SDL2 audio, or silence when there is no device.
//
// At start-up: `AudioSystem::openOrSilent(settings, warn)`. It opens the default (or named) output
// device, synthesises the `SoundBank` at the device's sample rate and runs a `Mixer` on SDL's audio
// thread. Without an audio device (no sound card, a headless CI machine, SDL_AUDIODRIVER pointing nowhere)
// the game gets a silent `AudioSystem` whose calls do nothing, after one warning. Audio is output only:
// nothing here feeds back into the simulation.

#include "audio/mixer.h"
#include "audio/sound_bank.h"

#include "vox/core/result.h"

#include <functional>
#include <memory>
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

/// Sound output. Move-only; closing happens in the destructor. All calls are cheap and safe from the
/// game thread; they lock the audio thread only for the few instructions that touch the mixer.
class AudioSystem {
public:
    /// Opens the device described by `settings` and starts playing silence. Fails, with SDL's reason,
    /// when the audio subsystem or the device cannot be opened.
    [[nodiscard]] static vox::Result<AudioSystem> open(const AudioSettings& settings = {});

    /// An audio system with no device: every call does nothing.
    [[nodiscard]] static AudioSystem silent();

    /// `open(settings)`, or on failure `silent()` after calling `warn` once with a sentence saying why
    /// the game will be silent.
    [[nodiscard]] static AudioSystem openOrSilent(const AudioSettings& settings,
                                                  const std::function<void(std::string_view)>& warn);

    AudioSystem(AudioSystem&&) noexcept;
    AudioSystem& operator=(AudioSystem&&) noexcept;
    ~AudioSystem();

    /// True when there is no device (the calls below do nothing).
    [[nodiscard]] bool isSilent() const { return m_device == nullptr; }
    /// The device's sample rate in Hz, or 0 when silent.
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

private:
    struct Device;
    explicit AudioSystem(std::unique_ptr<Device> device);
    template <class Function>
    void withMixer(Function&& function) const;

    std::unique_ptr<Device> m_device; // null when silent
};

} // namespace invaders
