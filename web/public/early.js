// Asks for the data of the page being opened while the app's code is still arriving and starting,
// which on a phone takes longer than the answers do. The app's tRPC client takes these answers
// (src/lib/earlyAnswers.ts) instead of asking again. A file of its own, loaded before the app and
// run as soon as it is here: inside the app's bundle it would wait for all of the app's code.
// tests/early-answers.test.ts checks that each call here is the one the page makes.
(function () {
  var QUEUES = {
    '/leadspage/leads': 'new',
    '/leadspage/pendingleads': 'pending',
    '/TellyCalerHad/HeadPending': 'pending',
    '/leadspage/callback': 'callback',
    '/leadspage/interestedleads': 'interested',
    '/leadspage/notinterestedleads': 'notInterested',
    '/leadspage/followupleads': 'followUp',
    '/leadspage/invalidleads': 'invalid',
    '/leadspage/notsubmitleads': 'noSubmit',
    '/TellyCalerHad/LeadsHead': 'junior',
  };
  var QUEUE_PAGE_SIZE = 20;
  // Only for a telecaller signed in on this browser whose session has not gone idle since
  // (src/lib/signedInArea.ts, `user:<until>`): signed out, each call would be a 401.
  var marker = null;
  try {
    marker = localStorage.getItem('signedInArea');
  } catch {
    // Storage refused: the app asks for itself.
  }
  var parts = /^user:(\d+)$/.exec(marker || '');
  if (!parts || Number(parts[1]) <= Date.now()) return;
  var path = location.pathname;
  var queue = QUEUES[path];
  var calls = [];
  if (path === '/') calls.push('/trpc/dashboard.tiles');
  // A queue's first page; a page or search in the address is left to the app.
  if (queue && !location.search) {
    calls.push('/trpc/work.queue?input=' + encodeURIComponent(JSON.stringify({ queue: queue, page: 1, pageSize: QUEUE_PAGE_SIZE })));
  }
  if (!calls.length) return;
  calls.push('/trpc/notifications.bell');
  window.__earlyAnswers = calls.map(function (url) {
    var response = fetch(url, { credentials: 'same-origin' });
    // Taken or not, a failed call is the app's to report, never an unhandled rejection.
    response.catch(function () {});
    return { url: url, at: performance.now(), response: response };
  });
})();
