/**
 * A short two-tone beep through Web Audio (no sound file to load). Browsers start audio only
 * after a user gesture: the wall creates the context when the user turns the sound on.
 */
export class AlarmBeeper {
  private context: AudioContext | null = null;

  /** Call from the click that turns the sound on (autoplay rules). */
  unlock(): void {
    if (typeof AudioContext === 'undefined') {
      return;
    }
    this.context ??= new AudioContext();
    void this.context.resume();
  }

  beep(): void {
    const context = this.context;
    if (!context) {
      return;
    }
    const start = context.currentTime;
    [880, 660].forEach((frequency, index) => {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'square';
      oscillator.frequency.value = frequency;
      const at = start + index * 0.22;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.15, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.2);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.21);
    });
  }

  close(): void {
    void this.context?.close();
    this.context = null;
  }
}
