import { useEffect, useState } from 'react';

/**
 * The QR code of `value`, drawn as SVG by the `qrcode` library. The library is loaded on first use
 * (its own chunk), so it stays out of the first download.
 */
export const QrCode = ({ value, label, size = 184 }: { value: string; label: string; size?: number }) => {
  const [svg, setSvg] = useState<{ value: string; svg: string } | null>(null);

  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((mod) => {
        // A CommonJS package: its functions sit on the default export or on the namespace.
        const qr = (mod.default as typeof mod.default | undefined) ?? mod;
        return qr.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      })
      .then(
        (out) => {
          if (live) setSvg({ value, svg: out });
        },
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [value]);

  const ready = svg?.value === value;
  return (
    <div className="qr" style={{ width: size, height: size }} aria-busy={!ready}>
      {ready ? (
        <img
          className="qr__image"
          src={`data:image/svg+xml;utf8,${encodeURIComponent(svg.svg)}`}
          alt={label}
          width={size}
          height={size}
        />
      ) : (
        <span className="qr__placeholder" aria-hidden="true" />
      )}
    </div>
  );
};
