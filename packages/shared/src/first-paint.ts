/**
 * The page's one inline script, which runs in <head> before anything is drawn (decision 171). The
 * web build writes it into index.html (apps/web/first-paint.ts) and the server allows exactly
 * this text by its hash in the page's Content-Security-Policy, so both read it from here.
 *
 * 1. A returning member: the flag the app keeps while a session may exist (lib/session.ts) marks
 *    <html> with RETURNING_ATTRIBUTE, and the stylesheet hides what is only for visitors
 *    (VISITOR_ONLY_ATTRIBUTE) until the session is known. The server's page stays one copy for
 *    everyone: it is the browser that marks it.
 * 2. Clicks before the app runs: a click on a button of the server-drawn page that React does not
 *    own yet is held (EARLY_CLICKS), and the app clicks it again once it owns the button
 *    (lib/early-clicks.ts). Links and forms need no help; buttons did nothing and the click was lost.
 */

/** localStorage: set while this browser may hold a session (a refresh cookie), removed when it ends. */
export const SESSION_FLAG = 'assay_has_session';
/** On <html>: the browser may hold a session that is not known yet. */
export const RETURNING_ATTRIBUTE = 'data-returning';
/** On what only a visitor should see (Sign In, the free-report offer): hidden while RETURNING_ATTRIBUTE is on <html>. */
export const VISITOR_ONLY_ATTRIBUTE = 'data-visitor-only';
/** On a button whose early click waits for the app (shown as busy). */
export const EARLY_CLICK_ATTRIBUTE = 'data-early-click';
/** The window property holding the buttons clicked before the app owned them, in order. */
export const EARLY_CLICKS = '__assayEarlyClicks';

/**
 * Plain ES5 in a string: its bytes are hashed for the CSP, so no tool may rewrite it. Until the
 * app has committed its first render (`ready`) every button click in the root is held: React puts
 * its key on a node while still hydrating, and drops a click on it then. After that, a button is
 * held until React owns it (its fiber key, the same test the browser tests use: a lazy part of the
 * page hydrates later); once the app says it is done (`done`), nothing is held any more.
 */
export const FIRST_PAINT_SCRIPT =
  '(function(){var d=document,q=window.' +
  EARLY_CLICKS +
  '=[];' +
  'try{if(localStorage.getItem("' +
  SESSION_FLAG +
  '")!==null)d.documentElement.setAttribute("' +
  RETURNING_ATTRIBUTE +
  '","")}catch(e){}' +
  'd.addEventListener("click",function(e){if(q.done)return;' +
  'var b=e.target&&e.target.closest?e.target.closest("#root button"):null;if(!b||b.disabled)return;' +
  'if(q.ready){var k=Object.keys(b);for(var i=0;i<k.length;i++)if(k[i].indexOf("__reactFiber")===0)return}' +
  'e.preventDefault();e.stopPropagation();b.setAttribute("' +
  EARLY_CLICK_ATTRIBUTE +
  '","");' +
  'if(q.indexOf(b)<0)q.push(b);if(q.wake)q.wake()},true)})()';
