// Keyframes for the table, as one global style block. `[data-animations="off"]` stops every
// animation and transition at once (the settings switch), and so does the system's reduced motion.
export const TABLE_CSS = `
@keyframes mp-deal-in { from { transform: translate(var(--from-x, 0), var(--from-y, -40px)) scale(.5) rotate(-12deg); opacity: 0 } 30% { opacity: 1 } to { transform: none; opacity: 1 } }
@keyframes mp-flip-in { from { transform: perspective(400px) rotateY(90deg) } to { transform: perspective(400px) rotateY(0) } }
@keyframes mp-fly { from { transform: translate(0, 0) } to { transform: translate(var(--dx), var(--dy)) } }
@keyframes mp-pop { 0% { transform: scale(.6); opacity: 0 } 60% { transform: scale(1.08); opacity: 1 } 100% { transform: scale(1) } }
@keyframes mp-glow { 0%, 100% { box-shadow: 0 0 0 0 rgba(255, 213, 79, .0) } 50% { box-shadow: 0 0 18px 6px rgba(255, 213, 79, .85) } }
.mp-deal { animation: mp-deal-in .36s ease-out both; }
.mp-flip { animation: mp-flip-in .3s ease-out both; }
.mp-flight { animation: mp-fly .45s cubic-bezier(.3,.7,.4,1) forwards; will-change: transform; }
.mp-pop { animation: mp-pop .35s ease-out both; }
.mp-winner { border-radius: 50%; animation: mp-glow 1.2s ease-in-out 3; }
[data-animations="off"] *, [data-animations="off"] *::before, [data-animations="off"] *::after { animation: none !important; transition: none !important; }
@media (prefers-reduced-motion: reduce) { [data-animations] *, [data-animations] *::before, [data-animations] *::after { animation: none !important; transition: none !important; } }
`;
