/**
 * The widget's own styles, inside its shadow root: the host page's CSS does not reach in (`:host`
 * resets inherited properties) and these rules do not reach out. `--bb-c` is the brand colour and
 * `--bb-t` the text colour readable on it.
 */
export const WIDGET_CSS = `
:host{all:initial}
.r{position:fixed;right:20px;bottom:20px;z-index:2147483000;display:flex;flex-direction:column;align-items:flex-end;gap:12px;font:14px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1f2430;-webkit-font-smoothing:antialiased}
.r.i{position:relative;right:auto;bottom:auto;z-index:auto}
.r *{box-sizing:border-box}
.p{width:360px;max-width:calc(100vw - 40px);height:520px;max-height:calc(100vh - 110px);display:flex;flex-direction:column;background:#fff;border-radius:16px;overflow:hidden;box-shadow:0 12px 40px rgba(15,20,40,.22)}
.r.i .p{max-height:none}
.p[hidden]{display:none}
.h{background:var(--bb-c);color:var(--bb-t);padding:14px 16px;display:flex;gap:8px;align-items:flex-start}
.hb{flex:1;min-width:0}
.t{font-size:16px;font-weight:600;margin:0;overflow-wrap:anywhere}
.at{font-size:13px;opacity:.9;margin:2px 0 0;overflow-wrap:anywhere}
.st{font-size:12px;opacity:.85;margin:4px 0 0;display:flex;flex-wrap:wrap;align-items:center;gap:6px}
.on{display:inline-flex;align-items:center;gap:5px;font-weight:600}
.on::before{content:'';width:8px;height:8px;border-radius:50%;background:#3ddc84;box-shadow:0 0 0 2px rgba(255,255,255,.6)}
.x{all:unset;cursor:pointer;color:inherit;width:28px;height:28px;border-radius:8px;display:flex;align-items:center;justify-content:center;opacity:.85}
.x:hover,.x:focus-visible{opacity:1;background:rgba(255,255,255,.18)}
.m{flex:1;overflow-y:auto;padding:14px 12px;display:flex;flex-direction:column;gap:8px;background:#f5f6fa}
.b{max-width:82%;padding:8px 12px;border-radius:14px;white-space:pre-wrap;overflow-wrap:anywhere;background:#fff;color:#1f2430;align-self:flex-start;border-bottom-left-radius:4px;box-shadow:0 1px 2px rgba(15,20,40,.08)}
.b.c{align-self:flex-end;background:var(--bb-c);color:var(--bb-t);border-radius:14px;border-bottom-right-radius:4px}
.b.s{opacity:.65}
.fi{display:block;margin-top:6px}.fi img{display:block;max-width:100%;max-height:220px;border-radius:10px}
.ff{display:block;margin-top:6px;color:inherit;text-decoration:underline;overflow-wrap:anywhere}
.f{align-self:flex-end;font-size:12px;color:#c92a2a;display:flex;gap:6px;align-items:center}
.f button{all:unset;cursor:pointer;text-decoration:underline;color:inherit}
.ty{align-self:flex-start;display:flex;align-items:center;gap:8px;font-size:12px;color:#6b7285;padding:2px 4px}
.ty[hidden]{display:none}
.d{display:inline-flex;gap:3px}
.d i{width:6px;height:6px;border-radius:50%;background:#9aa1b2;animation:bb 1.2s infinite ease-in-out}
.d i:nth-child(2){animation-delay:.15s}.d i:nth-child(3){animation-delay:.3s}
@keyframes bb{0%,60%,100%{transform:none;opacity:.5}30%{transform:translateY(-4px);opacity:1}}
.n{padding:10px 14px;font-size:13px;background:#fff4e6;color:#8a4b08;border-top:1px solid #ffe0b8}
.n[hidden]{display:none}
.n.e{background:#fff0f0;color:#a61e1e;border-color:#ffd0d0}
.fm{display:flex;gap:8px;padding:10px;border-top:1px solid #e6e8ef;background:#fff;align-items:flex-end}
.fm[hidden]{display:none}
.in{all:unset;display:block;flex:1;min-height:20px;max-height:120px;overflow-y:auto;padding:8px 10px;border:1px solid #d5d9e3;border-radius:10px;font:inherit;color:#1f2430;white-space:pre-wrap;overflow-wrap:anywhere;background:#fff}
.in:focus{border-color:var(--bb-c)}
.in::placeholder{color:#9aa1b2}
.sd{all:unset;cursor:pointer;width:38px;height:38px;border-radius:10px;background:var(--bb-c);color:var(--bb-t);display:flex;align-items:center;justify-content:center;flex:none}
.sd:disabled{opacity:.5;cursor:default}
.l{all:unset;cursor:pointer;position:relative;width:58px;height:58px;border-radius:50%;background:var(--bb-c);color:var(--bb-t);display:flex;align-items:center;justify-content:center;box-shadow:0 6px 20px rgba(15,20,40,.28);transition:transform .15s}
.l:hover{transform:scale(1.05)}
.l:focus-visible,.sd:focus-visible{outline:3px solid rgba(76,110,245,.45);outline-offset:2px}
.u{position:absolute;top:-2px;right:-2px;min-width:20px;height:20px;padding:0 5px;border-radius:10px;background:#fa5252;color:#fff;font-size:12px;font-weight:700;display:flex;align-items:center;justify-content:center}
.u[hidden]{display:none}
svg{width:24px;height:24px;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}
.sd svg,.x svg{width:18px;height:18px}
`;
