#pragma once
// What a peer of the broadphase benchmarks reports about itself after a run; apart from peers.h so that the
// header-only peers (rebuilt_peers.h) and the tests that check them need neither Box2D nor Bullet.

namespace bench {

/// Figures a broadphase reports about itself after a run (NaN when it cannot say).
struct PeerStats {
    double height = 0.0;
    double areaRatio = 0.0;
    double bytesPerProxy = 0.0;
};

} // namespace bench
