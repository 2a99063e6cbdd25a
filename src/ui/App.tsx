// Placeholder page; the real UI replaces this.
export function App() {
  return (
    <main>
      <h1>ackclock</h1>
      <p>TCP &amp; SCTP congestion control, one ACK at a time.</p>
    </main>
  );
}
