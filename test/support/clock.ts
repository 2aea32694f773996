/** A clock the test moves by hand (the services' Clock). */
export class TestClock {
  private t: number;
  constructor(start: Date | number = Date.now()) {
    this.t = new Date(start).getTime();
  }
  now = (): Date => new Date(this.t);
  set(t: Date): void {
    this.t = t.getTime();
  }
  advance(ms: number): void {
    this.t += ms;
  }
  advanceDays(days: number): void {
    this.advance(days * 86_400_000);
  }
}
