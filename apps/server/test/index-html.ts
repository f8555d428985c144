/** The shape of the web build's index.html for server tests: a default title and description, the head marker, the script. */
export const WEB_INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Assay — Technology Assessment Reports</title>
    <meta name="description" content="Default site description" />
    <!--app-head-->
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/assets/index-abc123.js"></script>
  </body>
</html>
`;
