// English texts of the information pages (the paytables page is generated; see paytables.ts).
import type { InfoTexts } from '../render';

export const en: InfoTexts = {
  'password-reset': {
    title: 'Password Reset Procedure',
    body: `
<p class="lead">Your password protects your balance. This page explains how to change it while
you are signed in, and what to do if you have forgotten it.</p>

<h2>Changing your password</h2>
<ol>
  <li>Sign in and open <strong>Profile</strong> from the menu.</li>
  <li>In <strong>Change password</strong>, type your current password once and the new one twice.</li>
  <li>Choose <strong>Change password</strong>. Every other device signed in to your account is signed
  out at once, so only the person who knows the new password stays in.</li>
</ol>
<p>Choose a password you do not use anywhere else, at least 8 characters long. A short phrase of
unrelated words is easier to remember and harder to guess than a single word with digits.</p>

<h2>If you have forgotten your password</h2>
<p>For your protection, passwords are never sent by e-mail or message, and our staff cannot see
the one you chose: it is stored only as a one-way hash.</p>
<ol>
  <li>Contact support through the live chat or the contact number shown on the sign-in page, or
  visit the venue's cash desk.</li>
  <li>Have an identity document ready. We ask questions that only the account holder can answer
  and never ask for your old password.</li>
  <li>Once your identity is confirmed, staff set a temporary password and give it to you in
  person or by a call to the number registered on your account.</li>
  <li>Sign in with it and change it straight away, as described above.</li>
</ol>

<h2>Too many wrong attempts</h2>
<p>After repeated wrong passwords your account is protected for a short time (the message on the
sign-in page says how long). This stops anyone guessing your password. Wait until the time has
passed and try again, or contact support.</p>

<h2>Your screen-lock PIN</h2>
<p>The PIN locks the screen when you leave your device idle. It is not your password. You can
change it in <strong>Profile → Change PIN</strong>; you will need your password to do so.</p>

<p class="note">Did someone else sign in to your account? Check the login log in your profile,
change your password at once and tell support.</p>
`,
  },
  'game-rules-and-content': {
    title: 'Game Rules and Content',
    body: `
<p class="lead">Reelcast lets you play real slot machines on a casino floor from your browser.
What you see is the machine's own screen, streamed live; every result is decided by the machine,
never by the video or by your device.</p>

<h2>Taking a seat</h2>
<ul>
  <li>The lobby lists the brands and their machines with their status: available, playing,
  waiting for its player, reserved or not available.</li>
  <li>You can play one machine at a time. A machine that someone else is playing cannot be joined.</li>
</ul>

<h2>Credits and your wallet</h2>
<ul>
  <li>Your wallet balance is shown in the header. To play, move money onto the machine with the
  coin buttons; it appears as credits on the machine's meter.</li>
  <li><strong>Cash out</strong> moves every credit on the machine back to your wallet. Leaving the
  machine cashes out for you.</li>
  <li>Every movement is recorded and listed under <strong>Transactions</strong>; every game is
  listed under <strong>Game Sessions</strong>.</li>
</ul>

<h2>Playing</h2>
<ul>
  <li>Tap the machine's screen or use its buttons: bet down, bet up, spin, auto and collect.</li>
  <li>The bet is spread evenly over the machine's paylines. Line wins pay from the leftmost reel;
  only the highest win on each line is paid, and wins on different lines add up. Scatter wins,
  where a game has them, pay anywhere in view.</li>
  <li>The <strong>Paytables</strong> page lists each game's pays, bet levels and its theoretical
  return to player.</li>
</ul>

<h2>Discount and bonus</h2>
<p>When they are offered, the discount and bonus buttons credit your wallet according to the
current promotion. A claim can be made once at a time, with a short wait between claims.</p>

<h2>Connection problems</h2>
<ul>
  <li>If your connection drops, the machine is held for you for a short time with your credits
  on it. Come back to it from the lobby to continue.</li>
  <li>If you do not return in time, the credits are cashed out to your wallet automatically.</li>
  <li>When you are inactive on a machine, a countdown warns you before the session is closed and
  the credits are returned.</li>
</ul>

<h2>Malfunctions and hand pays</h2>
<p><strong>A malfunction voids all pays and plays.</strong> If the machine reports a fault, a
hand pay or a door opening, play stops until staff resolve it; the machine's meters and the
recorded game history decide what is owed to you. Wins above the machine's hand-pay limit are
paid by staff and added to your wallet.</p>
`,
  },
  'player-protection-information': {
    title: 'Player Protection Information',
    body: `
<p class="lead">Gambling should be entertainment, not a way to make money or to escape problems.
These tools and tips help you stay in control.</p>

<h2>Who may play</h2>
<p>You must be at least 18 years old, or older where the law of your country requires it. We
check the age of every account holder and close accounts opened by minors.</p>

<h2>Keeping control</h2>
<ul>
  <li>Decide before you start how much money and time you will spend, and stop when you reach it.</li>
  <li>Never chase losses. A machine has no memory: a loss does not make a win more likely.</li>
  <li>Take regular breaks. The screen locks when you are away, and an idle machine warns you before
  it closes your session.</li>
  <li>Do not play when you are upset, tired or under the influence of alcohol.</li>
  <li>Hide your balance with the wallet button in the header if you would rather not see it while
  you play.</li>
</ul>

<h2>Limits, time-out and self-exclusion</h2>
<p>Contact support at any time to set a deposit or loss limit, to take a time-out from one day to
six weeks, or to exclude yourself for six months or longer. A limit that you lower applies at
once; raising it takes effect only after a cooling-off period. While you are excluded you cannot
sign in, and we do not send you promotions.</p>

<h2>Warning signs</h2>
<ul>
  <li>You spend more than you can afford, or borrow money to play.</li>
  <li>You hide your play from family or friends.</li>
  <li>You feel restless or irritable when you try to cut down.</li>
  <li>Play gets in the way of work, study or relationships.</li>
</ul>
<p>If any of these sound familiar, please talk to someone. Free and confidential help is available
from national gambling helplines and support groups such as Gamblers Anonymous. Our support team
can point you to the service in your country.</p>

<h2>Protecting your account</h2>
<p>Keep your password and PIN to yourself and check the login log in your profile from time to
time. Anything you do not recognise should be reported to support straight away.</p>
`,
  },
  'terms-of-use': {
    title: 'Terms of Use',
    body: `
<p class="lead">These terms apply whenever you use Reelcast. By signing in you accept them. Please
read them carefully.</p>

<h2>1. Your account</h2>
<ul>
  <li>You must be of legal age and allowed to gamble where you are. Play is available only from
  permitted countries; we check where you connect from.</li>
  <li>Each person may hold one account. The account is personal: do not share it or let anyone
  else play on it.</li>
  <li>You are responsible for keeping your password and PIN secret.</li>
</ul>

<h2>2. Money</h2>
<ul>
  <li>Your balance is held in the currency shown in the header. Amounts are recorded to the cent
  and every movement appears in your transactions.</li>
  <li>Credits on a machine belong to you and are returned to your wallet when you cash out, leave
  or lose the connection for longer than the grace period.</li>
  <li>Promotional credits (discount, bonus) are subject to the conditions of the promotion.</li>
</ul>

<h2>3. Play</h2>
<ul>
  <li>Results are decided only by the machine. The video shows the machine's screen but does not
  influence it.</li>
  <li>A malfunction voids all pays and plays. The machine's meters and our recorded game history
  are final in any dispute, unless shown to be wrong.</li>
  <li>The use of automated software, attempts to exploit faults, or collusion with others are not
  allowed and lead to the account being closed and winnings withheld.</li>
</ul>

<h2>4. Suspension and closure</h2>
<p>We may suspend or close an account that breaks these terms, that we must close by law, or when
you ask us to. The remaining balance is paid out to you unless the law or a breach of these terms
prevents it.</p>

<h2>5. Availability and liability</h2>
<p>We work to keep the service available but cannot promise that it will never be interrupted. We
are not liable for losses caused by your own equipment or internet connection. Nothing in these
terms limits rights you have by law.</p>

<h2>6. Changes and complaints</h2>
<p>We may change these terms and will show the new version before it applies to you. Complaints can
be made to support; we answer within 14 days. These terms are governed by the law of the
operator's licensing jurisdiction.</p>
`,
  },
  'privacy-policy': {
    title: 'Privacy Policy',
    body: `
<p class="lead">This policy explains what personal data we keep about you, why, for how long, and
what your rights are.</p>

<h2>What we collect</h2>
<ul>
  <li><strong>Account data</strong>: username, first and last name, e-mail address and role.</li>
  <li><strong>Sign-in data</strong>: the time and IP address of each sign-in, sign-out and failed
  attempt, and the country your address belongs to.</li>
  <li><strong>Play and money</strong>: every transaction, slot session and game played, with
  amounts and times.</li>
  <li><strong>Support</strong>: messages you exchange with our support team.</li>
</ul>

<h2>Why we use it</h2>
<ul>
  <li>To run your account and pay you what you win.</li>
  <li>To keep your account safe, for example by protecting it after repeated wrong passwords.</li>
  <li>To meet legal duties: age and country checks, anti-money-laundering rules and the game
  records that regulators require us to keep.</li>
  <li>To answer your questions and resolve disputes.</li>
</ul>
<p>We do not sell your data and do not use it for advertising profiles.</p>

<h2>On your device</h2>
<p>We store a few items in your browser's local storage so the service works: your sign-in token
(<code>jwt_access_token</code>), your language (<code>language</code>), whether to remember you
(<code>isRemember</code>), the screen-lock state and a hash of your PIN (<code>userLock</code>,
<code>pinCode</code>), and the time of your last discount and bonus claims. We set no advertising
or tracking cookies.</p>

<h2>Who else sees it</h2>
<p>Our hosting and support providers process data for us under contract. If live chat is offered,
the chat provider receives the messages you send in it. We share data with authorities only when
the law requires it.</p>

<h2>How long we keep it</h2>
<p>Game and transaction records are kept for as long as the law of our licence requires, usually
five years after your account is closed. Other data is deleted when it is no longer needed.</p>

<h2>Your rights</h2>
<p>You may ask for a copy of your data, ask us to correct it, or object to its use. Where the law
allows, you may ask us to delete it. Contact support to make a request; you may also complain to
your data protection authority.</p>
`,
  },
};
