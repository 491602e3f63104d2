// The consent text a guardian reads before consenting, until an admin saves the organisation's own. It says
// what the child will do, what is kept about them, how photos are handled and how consent is withdrawn: what
// safeguarding guidance for youth groups asks a parent to be told before they agree.

export const DEFAULT_CONSENT_TEXT = `By pressing "I give consent" you confirm that you are this child's parent or legal guardian and that you agree to them taking part in our group.

What your child will do: see our events, reply to them, join the activities they sign up for and write comments on events. Events that need your approval (trips, overnight stays) will ask you separately each time.

What we keep: your child's name, date of birth, the contact details they gave us, their replies and comments, and this consent (who gave it, when, how and which version of this text). We keep them while your child is a member and use them only to run our events.

Photos: other members see your child by first name and last initial, without a photo. Photos of your child are shared only as you choose in your guardian account (nobody, organisers only, or everyone); until you choose, nobody.

Your account: you can see your child's upcoming events, change the photo choice and withdraw consent at any time in your guardian account. Withdrawing releases your child's places at upcoming events; your child can still sign in and see events but cannot reply or comment until consent is given again.`;
