// Starts Swagger UI on /api/docs. A file of its own, not an inline script, so the page keeps the
// server's Content-Security-Policy (script-src 'self').
/* global SwaggerUIBundle */
window.addEventListener("DOMContentLoaded", () => {
  window.ui = SwaggerUIBundle({
    url: "/api/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    // No calls to validator.swagger.io: nothing leaves this server.
    validatorUrl: null,
    // Requests go to this server with the signed-in cookie; a Bearer token can be set under Authorize.
    withCredentials: true,
    tryItOutEnabled: false,
    displayRequestDuration: true,
    defaultModelsExpandDepth: 1,
  });
});
