import "./landing.css";

const FEATURES = [
  { icon: "📘", title: "All 32 Sections", text: "Questions with explanations for every section of the 2016–2021 JCBA, each tied to its paragraph." },
  { icon: "🗂️", title: "Flashcard Mode", text: "Review key definitions and terms from the JCBA and keep track of the cards you have mastered." },
  { icon: "📝", title: "Practice Tests", text: "Section-specific or comprehensive tests, graded on submit with a full review of every answer." },
  { icon: "📈", title: "Progress Tracking", text: "See your progress by section, your score trend and the areas that need more study." },
];

/** The page every signed-out visitor sees, on every path. */
export function Landing({ offline = false, onRetry }: { offline?: boolean; onRetry?: () => void }) {
  return (
    <div className="landing">
      <header className="landing-hero">
        <p className="landing-kicker">AFA-CWA · United Airlines Flight Attendants</p>
        <h1>JCBA Study Hub</h1>
        <p className="landing-tagline">Know your contract. Study the 2016–2021 Joint Collective Bargaining Agreement section by section, at your own pace.</p>
        {offline ? (
          <div className="landing-offline" role="alert">
            <p>We can't reach the server right now. Check your connection and try again.</p>
            <button type="button" className="landing-button" onClick={onRetry}>Try Again</button>
          </div>
        ) : (
          <a className="landing-button" href="/api/login">Sign In</a>
        )}
      </header>
      <main className="landing-main">
        <h2 className="visually-hidden">Features</h2>
        <ul className="landing-features">
          {FEATURES.map((f) => (
            <li key={f.title} className="landing-card">
              <span className="landing-icon" aria-hidden="true">{f.icon}</span>
              <h3>{f.title}</h3>
              <p>{f.text}</p>
            </li>
          ))}
        </ul>
      </main>
      <footer className="landing-footer">
        <div className="landing-card">
          <p><strong>Joint Collective Bargaining Agreement 2016–2021</strong></p>
          <p>Between United Airlines, Inc. and the Flight Attendants in its service, as represented by the Association of Flight Attendants-CWA, AFL-CIO.</p>
        </div>
      </footer>
    </div>
  );
}
