#include "audio/game_sounds.h"

#include "sim/simulation.h"

#include <array>

namespace invaders {

std::optional<SoundId> soundFor(const SimEvent& event) {
    switch (event.type) {
    case SimEventType::MarchNote:
        return marchNote(event.value);
    case SimEventType::PlayerShotFired:
        return SoundId::Shot;
    case SimEventType::InvaderKilled:
        return SoundId::InvaderHit;
    case SimEventType::PlayerHit:
        return SoundId::PlayerHit;
    case SimEventType::SaucerHit:
        return SoundId::SaucerHit;
    case SimEventType::ExtraShip:
        return SoundId::ExtraLife;
    default:
        return std::nullopt;
    }
}

void GameSounds::step(std::span<const SimEvent> events, Screen screen, const Simulation* shown,
                      AudioSystem& audio) {
    // A frame may hold several steps' events: WATCH at 4x plays four steps a frame, and their march notes,
    // shots and hits all sound. But each sound starts at most once per frame: copies started together add
    // in phase, so four shots would be one shot four times as loud (+12 dB), which the limiter then
    // answers by ducking the whole mix; and at 4x the steps are 4 ms of playback apart, too close for the
    // ear to count the copies anyway. So one shot, at its usual level, beside the frame's other sounds.
    std::array<bool, kSoundCount> started{};
    for (const SimEvent& event : events) {
        const std::optional<SoundId> sound = soundFor(event);
        if (!sound || started[static_cast<size_t>(*sound)])
            continue;
        started[static_cast<size_t>(*sound)] = true;
        audio.play(*sound);
    }

    const bool running = screen == Screen::Playing || screen == Screen::Demo || screen == Screen::Replay ||
                         screen == Screen::Watch;
    const bool saucerFlying = running && shown != nullptr && shown->saucer().active;
    if (saucerFlying != m_saucerLooping) {
        if (saucerFlying)
            audio.startLoop(SoundId::SaucerLoop);
        else
            audio.stopLoop(SoundId::SaucerLoop);
        m_saucerLooping = saucerFlying;
    }

    if (screen == Screen::Paused || isOptionsPage(screen))
        audio.stopAll();
}

} // namespace invaders
