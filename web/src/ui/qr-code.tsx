/**
 * The server's QR code (SVG markup) drawn as React elements: only its viewBox and its paths' d, fill and stroke
 * are copied, so no markup is injected (and the page's CSP needs no data: images). `label` names it (role img).
 */
export function QrCode({ svg, label, size = 200 }: { svg: string; label: string; size?: number }) {
  const viewBox = /viewBox="([\d .]+)"/.exec(svg)?.[1] ?? '0 0 29 29';
  const paths = [...svg.matchAll(/<path ([^>]*)\/?>/g)].map((m) => {
    const attr = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(m[1]!)?.[1];
    return { d: attr('d') ?? '', fill: attr('fill'), stroke: attr('stroke') };
  });
  return (
    <svg className="qr-code" role="img" aria-label={label} viewBox={viewBox} width={size} height={size} shapeRendering="crispEdges">
      {paths.map((p, i) => <path key={i} d={p.d} fill={p.fill ?? 'none'} stroke={p.stroke} />)}
    </svg>
  );
}
