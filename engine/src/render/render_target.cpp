#include "vox/render/render_target.h"

#include <string>

namespace vox {

Result<RenderTarget> RenderTarget::create(int width, int height) {
    GLint maxSize = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &maxSize);
    if (width <= 0 || height <= 0 || width > maxSize || height > maxSize) {
        return Error{"cannot make a " + std::to_string(width) + "x" + std::to_string(height) +
                     " render target: each side must be between 1 and " + std::to_string(maxSize) +
                     " pixels on this GPU"};
    }
    RenderTarget target;
    target.m_color = Texture::createColorBuffer(width, height);
    target.m_framebuffer = Framebuffer::create();
    target.m_framebuffer.attachColor(target.m_color);
    if (Status status = target.m_framebuffer.checkComplete(); !status) {
        return Error{"cannot make a " + std::to_string(width) + "x" + std::to_string(height) +
                     " render target: " + status.error().message};
    }
    return target;
}

void RenderTarget::bind() const {
    m_framebuffer.bind();
    glViewport(0, 0, width(), height());
}

void RenderTarget::blitTo(const Viewport& viewport, GLuint destination) const {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, m_framebuffer.name());
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, destination);
    glBlitFramebuffer(0, 0, width(), height(), viewport.x, viewport.y, viewport.x + viewport.width,
                      viewport.y + viewport.height, GL_COLOR_BUFFER_BIT, GL_LINEAR);
    glBindFramebuffer(GL_FRAMEBUFFER, destination);
}

void RenderTarget::presentLetterboxed(const Viewport& viewport) const {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    // A scissor left on (an overlay's last clip) would keep stale pixels in the bars and clip the blit.
    glDisable(GL_SCISSOR_TEST);
    glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    blitTo(viewport);
}

Image RenderTarget::readImage() const {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, m_framebuffer.name());
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    return readPixels(0, 0, width(), height());
}

} // namespace vox
