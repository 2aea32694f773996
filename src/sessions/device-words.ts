/**
 * A User-Agent in words, browser and operating system: "Firefox on Linux", "Safari on iPhone", "Chrome on
 * Windows". Unknown parts read "Unknown browser" / "unknown system"; no header at all is null.
 */
export function deviceWords(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const ua = userAgent;
  const browser = /Edg(e|A|iOS)?\//.test(ua) ? 'Edge'
    : /OPR\/|Opera/.test(ua) ? 'Opera'
      : /Firefox\/|FxiOS\//.test(ua) ? 'Firefox'
        : /SamsungBrowser\//.test(ua) ? 'Samsung Internet'
          : /Chrome\/|CriOS\/|Chromium\//.test(ua) ? 'Chrome'
            : /Safari\//.test(ua) && /Version\//.test(ua) ? 'Safari'
              : /curl\//i.test(ua) ? 'curl'
                : 'Unknown browser';
  const system = /iPhone/.test(ua) ? 'iPhone'
    : /iPad/.test(ua) ? 'iPad'
      : /Android/.test(ua) ? 'Android'
        : /Windows/.test(ua) ? 'Windows'
          : /CrOS/.test(ua) ? 'ChromeOS'
            : /Mac OS X|Macintosh/.test(ua) ? 'macOS'
              : /Linux/.test(ua) ? 'Linux'
                : 'unknown system';
  return `${browser} on ${system}`;
}
