// The page of an unknown (or destination-less) tracking link: a friendly pt-BR page, status 404.
export const NOT_FOUND_PAGE = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Link não encontrado</title>
<style>
  body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; background: #f4f6f8; color: #1f2933; }
  main { max-width: 28rem; margin: 1rem; padding: 2rem; background: #fff; border-radius: 12px; box-shadow: 0 2px 12px rgba(0,0,0,.08); text-align: center; }
  h1 { font-size: 1.4rem; margin: 0 0 .75rem; }
  p { margin: 0; line-height: 1.5; color: #52606d; }
</style>
</head>
<body>
<main>
  <h1>Link não encontrado</h1>
  <p>O link que você abriu não existe ou não está mais disponível. Confira o endereço ou fale com quem o enviou.</p>
</main>
</body>
</html>
`;
