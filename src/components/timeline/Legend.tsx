/**
 * The timeline's legend: what every shape means, in words. One renderer for
 * the static figures (TimelineFigure.astro) and the explorer's stage.
 */
export function Legend() {
  return (
      <ul class="tl-legend">
        <li><span class="tl-k t-neutral">{'\u00a0'}</span>running</li>
        <li><span class="tl-k k-hatch">{'\u00a0'}</span>unknown · unconfirmed · waiting</li>
        <li><span class="tl-k k-line t-neutral" />working</li>
        <li><span class="tl-k k-dots t-waiting" />asleep</li>
        <li><span class="tl-k t-neutral">▶</span>admitted</li>
        <li><span class="tl-k t-waiting">?</span>suspected</li>
        <li><span class="tl-k t-safe">✓</span>accepted, done</li>
        <li><span class="tl-k t-stale">⊣</span>fenced</li>
        <li><span class="tl-k t-stale">✕</span>refused</li>
        <li><span class="tl-k t-neutral">✕</span>dies</li>
        <li><span class="tl-k t-neutral">#1 s1</span>write applied</li>
        <li><span class="tl-k k-dash k-strike t-stale">#1 s3</span>write rejected, stale token</li>
        <li><span class="tl-k k-heavy t-wrong">!</span>stale write applied</li>
        <li><span class="tl-k k-dash t-safe">↺</span>restored</li>
        <li><span class="tl-k t-neutral">P1</span>post</li>
        <li><span class="tl-k k-double t-duplicate">P2 dup</span>duplicate post</li>
        <li><span class="tl-k k-dash t-neutral">↺P1</span>answered from the key</li>
        <li><span class="tl-k t-wrong">!</span>invariant broken</li>
      </ul>
  );
}
