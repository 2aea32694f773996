/** The arrow at the start of a React Aria Disclosure's trigger: ▸, turned to point down while the disclosure is open (components.css). */
export function DisclosureArrow() {
  return <span className="disclosure-arrow" aria-hidden="true">▸</span>;
}
