import type { Container, Engine, ISourceOptions } from '@tsparticles/engine';
import { Particles, ParticlesProvider } from '@tsparticles/react';
import { loadSlim } from '@tsparticles/slim';
import { useEffect, useMemo, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { themeState } from '../state/theme';

const init = async (engine: Engine) => loadSlim(engine);

// 42 dots on a full-HD screen and as many per pixel on a smaller one. Counted here rather than with
// the engine's density option, which first creates all 42 and then drops the surplus: on a phone
// that is six times the start-up work, for dots nobody sees.
const FULL_HD = 1920 * 1080;
const dotsFor = (width: number, height: number) => Math.max(1, Math.round((42 * width * height) / FULL_HD));

const optionsFor = (dark: boolean, dots: number): ISourceOptions => ({
  fullScreen: { enable: false },
  background: { color: { value: 'transparent' } },
  // Faint, slow dots (the engine moves them by the time elapsed, not by frames) look as smooth at
  // 20 frames a second, and each frame redraws the whole canvas: 30 cost about 9 % of a core
  // where the canvas is drawn in software.
  fpsLimit: 20,
  // Drawn at CSS pixels: the dots are faint and soft anyway, and a canvas at a phone's device pixels
  // costs three times the fill work on every frame.
  detectRetina: false,
  particles: {
    number: { value: dots },
    color: { value: dark ? ['#f0b90b', '#3b82f6', '#94a3b8'] : ['#d99a00', '#2563eb', '#64748b'] },
    links: {
      enable: true,
      distance: 120,
      opacity: dark ? 0.12 : 0.18,
      width: 1,
      color: dark ? '#64748b' : '#94a3b8',
    },
    move: { enable: true, speed: 0.4, outModes: { default: 'out' } },
    opacity: { value: { min: 0.15, max: 0.45 } },
    size: { value: { min: 1, max: 2.5 } },
  },
  interactivity: { events: { onHover: { enable: false }, onClick: { enable: false } } },
});

/** Pauses the animation while the tab is hidden, so a background tab costs no frames. */
const usePauseWhenHidden = (container: React.RefObject<Container | undefined>) => {
  useEffect(() => {
    const onChange = () => {
      const c = container.current;
      if (!c) return;
      if (document.hidden) c.pause();
      else c.play();
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, [container]);
};

const ParticlesLayer = () => {
  const { theme } = useSnapshot(themeState);
  const options = useMemo(
    () => optionsFor(theme === 'dark', dotsFor(window.innerWidth, window.innerHeight)),
    [theme],
  );
  const container = useRef<Container | undefined>(undefined);
  usePauseWhenHidden(container);
  const onLoaded = useMemo(
    () => (c?: Container) => {
      container.current = c;
      if (c && document.hidden) c.pause();
    },
    [],
  );
  return (
    <ParticlesProvider init={init}>
      <Particles
        id="particles"
        className="background__particles"
        options={options}
        particlesLoaded={onLoaded}
      />
    </ParticlesProvider>
  );
};

export default ParticlesLayer;
