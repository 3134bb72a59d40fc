/**
 * The built-in error page every group starts with: plain, self-contained (no external
 * assets, no script), readable in the three console languages, and with room at the top left
 * for the request-id block the edge adds.
 */
export const DEFAULT_PAGE_CONTENT = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Request not served</title>
<style>
  body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; font-family: system-ui, sans-serif; background: #f5f7fa; color: #1f2933; }
  main { max-width: 36rem; padding: 2rem; text-align: center; }
  h1 { font-size: 1.6rem; margin-bottom: 0.5rem; }
  p { line-height: 1.5; }
</style>
</head>
<body>
<main>
  <h1>This request could not be served</h1>
  <p>The site is protected by Parapet and did not serve this request. If you think this is a mistake, send the case ID shown on this page to the site's owner.</p>
  <p lang="zh-CN">此请求未能完成。如有疑问，请将本页显示的案例编号提供给网站管理员。</p>
  <p lang="zh-TW">此請求未能完成。如有疑問，請將本頁顯示的案例編號提供給網站管理員。</p>
</main>
</body>
</html>
`;
