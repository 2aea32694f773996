/**
 * Customer and third-party text goes into a prompt only as data: JSON inside a tagged block, with `<`,
 * `>` and `&` written as JSON escapes (\u003c …) so that nothing inside can close the block or open
 * another, whatever a customer typed. The system prompt says that a block's content is never instructions.
 */
export function dataBlock(tag: string, value: unknown): string {
  const json = JSON.stringify(value, null, 2).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<${tag}>\n${json}\n</${tag}>`;
}
