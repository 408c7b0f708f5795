// The member page's one script (issue 45, point 1), inlined in the page drawn on the server. Nothing
// depends on it: it remembers the page's link on the phone (for the check-in page, /m/in/<code>),
// renews the check-in code before it expires, offers to copy the UPI id where the phone lets a page
// copy, and reloads the page when a pending claim has been decided. Plain ES2017 as a string: it
// runs in the phone's browser as written, and the page's CSP names its hash (pageRoutes.ts).
import { memberLinkStorageKey, memberTokenHeader } from '@app/contract/portalNames';

export const enhanceScript = `(function(){
var d=document,t=location.pathname.split('/')[2],h={'${memberTokenHeader}':t},o={headers:h,cache:'no-store',referrerPolicy:'no-referrer'};
try{localStorage.setItem('${memberLinkStorageKey}','/m/'+t)}catch(e){}
var api=function(p){return fetch('/api/portal/'+p,o).then(function(r){return r.ok?r.json():null})};
var later=function(f,ms){setTimeout(f,Math.max(1000,ms))};
d.querySelectorAll('[data-copy]').forEach(function(b){if(!navigator.clipboard)return;b.hidden=false;b.onclick=function(){navigator.clipboard.writeText(b.dataset.copy).then(function(){b.textContent=b.dataset.copied})}});
var c=d.querySelector('[data-member-code]');
var code=function(){api('getCheckInCode').then(function(a){if(!a)return later(code,1e4);var i=new Image(240,240);i.src=a.qrDataUrl;i.alt='';c.replaceChildren(i);c.dataset.memberCode=a.memberCode;later(code,Date.parse(a.expiresAt)-Date.now()+250)},function(){later(code,1e4)})};
if(c)later(code,Date.parse(c.dataset.expires)-Date.now()+250);
var pending=d.querySelectorAll('[data-claim-status=pending]').length;
var watch=function(){api('getSummary').then(function(s){if(s&&s.claims.filter(function(x){return x.status==='pending'}).length!==pending)location.replace(location.pathname);else later(watch,2e4)},function(){later(watch,2e4)})};
if(pending)later(watch,2e4);
})();`;

/** The dead-link page's one script: a phone that remembered this link forgets it (issue 45, point 2). */
export const forgetScript = `try{if(localStorage.getItem('${memberLinkStorageKey}')===location.pathname.replace(/\\/$/,''))localStorage.removeItem('${memberLinkStorageKey}')}catch(e){}`;
