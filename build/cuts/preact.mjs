// What of Preact the script tag leaves out, cut from its minified module as esbuild loads
// it (applied by build/cuts/apply.mjs; only dist/vitrine.js is built with these cuts).
//
// Vitrine's layouts are function components without hooks or state, rendered again by
// calling `render` (mountWidget's paint); no class component of ours calls `setState` or
// `forceUpdate`, and with them goes the render queue only they feed, and the error
// boundaries only class components can be (0.5 KB gzip); and the class lifecycle `diff` and
// `unmount` run for class components and context providers alone (0.3 KB gzip); so do the
// `options` plugin hooks nothing here sets, context, the commit queue only lifecycles and
// hooks fill, what those left on a component, controlled `value`, defaultProps, capture
// listeners, popover, Fragment unwrapping and rendering into `document` (0.7 KB gzip).
// Chunks that render with the core's `h` (carousel, bundle) keep to the same rule; search
// and debug bundle a Preact of their own.
//
// The cuts are written against one release, `version` below, which package.json pins
// exactly: they are text in Preact's minified build, whose short names change between
// releases. Each must match exactly once; a release that changes one fails the build,
// naming the cut. What the cuts took out is also checked for in what is built
// (`trimmedPreactUser` in build.mjs).
//
// An entry's `cut` (exact text) is replaced by `put` (nothing if absent).

export const library = 'preact';
export const version = '10.29.8';
/** The module of the package the cuts apply to, as esbuild resolves it. */
export const file = /[\\/]preact[\\/]dist[\\/]preact\.module\.js$/;

export const cuts = [
  {
    why: "Component#setState: no component of Vitrine's has state.",
    cut: 'C.prototype.setState=function(n,l){var u;u=null!=this.__s&&this.__s!=this.state?this.__s:this.__s=m({},this.state),"function"==typeof n&&(n=n(m({},u),this.props)),n&&m(u,n),null!=n&&this.__v&&(l&&this._sb.push(l),A(this))},',
  },
  {
    why: 'Component#forceUpdate: nothing forces a re-render; render is called again instead.',
    cut: 'C.prototype.forceUpdate=function(n){this.__v&&(this.__e=!0,n&&this.__h.push(n),A(this))},',
  },
  // The render queue's state: the queue, its microtask debounce, its depth sort, its count.
  {
    why: 'The render queue (queue, microtask debounce, depth sort, count): only setState and forceUpdate feed it.',
    cut: 'i=[],o="function"==typeof Promise?Promise.prototype.then.bind(Promise.resolve()):setTimeout,e=function(n,l){return n.__v.__b-l.__v.__b},H.__r=0,',
  },
  // Error boundaries are class components with getDerivedStateFromError or
  // componentDidCatch; with none in the tree, an error in a render or a ref is thrown on as
  // it was (the two calls of the handler are thrown below, once the Suspense path is out).
  // The handler was the last member of `options` in use: it goes too.
  {
    why: 'The error-boundary handler on `options`: no class component, so no boundary to find.',
    cut: 'l={__e:function(n,l,u,t){for(var i,r,o;l=l.__;)if((i=l.__c)&&!i.__)try{if((r=i.constructor)&&null!=r.getDerivedStateFromError&&(i.setState(r.getDerivedStateFromError(n)),o=i.__d),null!=i.componentDidCatch&&(i.componentDidCatch(n,t||{}),o=i.__d),o)return i.__E=i}catch(l){n=l}throw n}},',
  },
  // The class component lifecycle in `diff` (`M` there is "a class component"): derived
  // state, the will/did/should hooks, snapshots, context providers and the class render
  // path. With no class component and no context in the tree none of it runs; a function
  // component still renders through the same loop and keeps the same-vnode early return.
  {
    why: 'Derived state before render: class components only.',
    cut: 'M&&null==p.__s&&(p.__s=p.state),M&&null!=F.getDerivedStateFromProps&&(p.__s==p.state&&(p.__s=m({},p.__s)),m(p.__s,F.getDerivedStateFromProps(x,p.__s))),',
  },
  {
    why: 'componentWillMount and componentDidMount: class components only.',
    cut: 'M&&null==F.getDerivedStateFromProps&&null!=p.componentWillMount&&p.componentWillMount(),M&&null!=p.componentDidMount&&p.__h.push(p.componentDidMount);else{',
    put: '0;else{',
  },
  {
    why: 'componentWillReceiveProps: class components only.',
    cut: 'M&&null==F.getDerivedStateFromProps&&x!==y&&null!=p.componentWillReceiveProps&&p.componentWillReceiveProps(x,P),',
  },
  {
    why: 'shouldComponentUpdate: class components only.',
    cut: '||!p.__e&&null!=p.shouldComponentUpdate&&!1===p.shouldComponentUpdate(x,p.__s,P)',
  },
  {
    why: 'componentWillUpdate and componentDidUpdate: class components only.',
    cut: 'null!=p.componentWillUpdate&&p.componentWillUpdate(x,p.__s,P),M&&null!=p.componentDidUpdate&&p.__h.push(function(){p.componentDidUpdate(y,d,_)})',
  },
  {
    why: 'getChildContext and getSnapshotBeforeUpdate: context providers and class components only.',
    cut: 'null!=p.getChildContext&&(i=m(m({},i),p.getChildContext())),M&&!v&&null!=p.getSnapshotBeforeUpdate&&(_=p.getSnapshotBeforeUpdate(y,d)),',
  },
  {
    why: 'componentWillUnmount: class components only.',
    cut: 'if(i.componentWillUnmount)try{i.componentWillUnmount()}catch(n){l.__e(n,u)}',
  },
  // `dangerouslySetInnerHTML` stays: hydrating a server widget (browser/resume) hands each
  // server card to Preact as `{ __html: '' }`, which hydration leaves as the server wrote it.
  // Style objects: no layout sets a style prop (the look is vitrine.css and the theme's CSS).
  {
    why: 'Style objects: no layout sets a style prop.',
    cut: 'if("style"==l)if("string"==typeof u)n.style.cssText=u;else{if("string"==typeof t&&(n.style.cssText=t=""),t)for(l in t)u&&l in u||z(n.style,l,"");if(u)for(l in u)t&&u[l]==t[l]||z(n.style,l,u[l])}else if(',
    put: 'if(',
  },
  // SVG and MathML namespaces: no layout draws either (the carousel's chevrons are text).
  {
    why: 'The SVG and MathML namespaces chosen from the tag: no layout draws either.',
    cut: '"svg"==x?o="http://www.w3.org/2000/svg":"math"==x?o="http://www.w3.org/1998/Math/MathML":o||',
    put: 'o||',
  },
  {
    why: 'xlink attribute spellings, for SVG only.',
    cut: 'if("http://www.w3.org/2000/svg"==i)l=l.replace(/xlink(H|:h)/,"h").replace(/sName$/,"s");else if(',
    put: 'if(',
  },
  {
    why: "foreignObject's return to HTML, inside SVG only.",
    cut: '"foreignObject"==x?"http://www.w3.org/1999/xhtml":o',
    put: 'o',
  },
  // A component that throws a promise (Suspense, lazy): no layout suspends.
  {
    why: 'A thrown promise (Suspense, lazy): no layout suspends.',
    cut: 'if(n.then){for(u.__u|=c?160:128;f&&8==f.nodeType&&f.nextSibling;)f=f.nextSibling;null!=o&&(o[o.indexOf(f)]=null),u.__e=f}else ',
  },
  // (Nor, with no class component to force an update of, is a failed subtree marked for one.)
  {
    why: 'Marking a failed subtree for a forced update: there is none to force.',
    cut: 'n.then||B(u),',
  },
  {
    why: "The handler's call in diff's catch: the error is thrown on as it was.",
    cut: ',l.__e(n,u,t)}',
    put: ';throw n}',
  },
  {
    why: "The handler's call in applyRef's catch: the error is thrown on as it was.",
    cut: 'catch(n){l.__e(n,t)}',
    put: 'catch(n){throw n}',
  },
  // The class render path goes, and with it the loop that renders a function component
  // again while it is dirty: only setState and hooks (neither here) make it dirty mid-render.
  {
    why: 'The class render path and the re-render-while-dirty loop: only setState and hooks make a component dirty.',
    cut: 'if(p.context=P,p.props=x,p.__P=n,p.__e=!1,A=l.__r,H=0,M)p.state=p.__s,p.__d=!1,A&&A(u),s=p.render(p.props,p.state,p.context),w.push.apply(p.__h,p._sb),p._sb=[];else do{p.__d=!1,A&&A(u),s=p.render(p.props,p.state,p.context),p.state=p.__s}while(p.__d&&++H<25);',
    put: 'p.context=P,p.props=x,s=p.render(p.props,p.state,p.context);',
  },
  // The plugin hooks on `options` (the hooks add-on, devtools, signals): the script tag build
  // imports none of them, and `options` leaves the exports so that an import of it fails here.
  {
    why: 'options.vnode: no plugin hook is set.',
    cut: 'return null==o&&null!=l.vnode&&l.vnode(e),e',
    put: 'return e',
  },
  {
    why: 'options._diff: no plugin hook is set.',
    cut: ',(s=l.__b)&&s(u);',
    put: ';',
  },
  {
    why: 'options.diffed: no plugin hook is set.',
    cut: 'return(s=l.diffed)&&s(u),',
    put: 'return ',
  },
  {
    why: 'options._root: no plugin hook is set.',
    cut: 'l.__&&l.__(u,t),',
  },
  {
    why: 'options._commit: no plugin hook is set.',
    cut: 'l.__c&&l.__c(u,n),',
  },
  {
    why: 'options.unmount: no plugin hook is set.',
    cut: 'l.unmount&&l.unmount(n),',
  },
  {
    why: 'options.event: no plugin hook is set.',
    cut: 'l.event?l.event(u):u',
    put: 'u',
  },
  {
    why: 'options._hydrationMismatch: no plugin hook is set.',
    cut: 'c&&(l.__m&&l.__m(t,e),c=!1)',
    put: 'c=!1',
  },
  {
    why: '`options` leaves the exports, so an import of it fails the build.',
    cut: 'l as options,',
  },
  // Context (createContext, contextType): no layout reads one; createContext leaves the exports.
  {
    why: 'contextType lookup: no layout reads a context.',
    cut: 'I=(s=F.contextType)&&i[s.__c],P=s?I?I.props.value:s.__:i,',
    put: 'P=i,',
  },
  {
    why: 'Subscribing a component to a context provider: no layout reads a context.',
    cut: 'I&&I.sub(p),',
  },
  {
    why: 'createContext leaves the exports, so an import of it fails the build.',
    cut: 'X as createContext,',
  },
  // Class components: every layout is a function (Component leaves the exports, so a class
  // that extends it fails here); a function component is still rendered through a Component.
  {
    why: 'The class-component test in diff: every layout is a function.',
    cut: 'M=F.prototype&&F.prototype.render,',
  },
  {
    why: 'Constructing a class component: every layout is a function; a function component still gets a Component.',
    cut: 'M?u.__c=p=new F(x,P):(u.__c=p=new C(x,P),p.constructor=F,p.render=Q)',
    put: 'u.__c=p=new C(x,P),p.constructor=F,p.render=Q',
  },
  {
    why: 'Component leaves the exports, so a class extending it fails the build.',
    cut: 'C as Component,',
  },
  {
    why: "Component#render's default: function components get their own render.",
    cut: 'C.prototype.render=S,',
  },
  // The commit queue: it runs the callbacks a component collects in `__h` (class lifecycles,
  // setState callbacks, hooks' effects), and none of those is left to collect any.
  {
    why: 'The commit-queue lists on a new component: nothing collects callbacks.',
    cut: ',p.__h=[],p._sb=[]',
  },
  {
    why: 'Pushing setState callbacks and a component onto the commit queue: there are none.',
    cut: 'w.push.apply(p.__h,p._sb),p._sb=[],p.__h.length&&e.push(p),',
  },
  {
    why: 'Pushing a component onto the commit queue after a same-vnode skip: it collects nothing.',
    cut: 'p.__h.length&&e.push(p),',
  },
  {
    why: 'Running the commit queue: nothing is ever in it.',
    cut: 'n.some(function(u){try{n=u.__h,u.__h=[],n.some(function(n){n.call(u)})}catch(n){l.__e(n,u.__v)}})',
  },
  // Controlled `value` (inputs, textarea, select's options, progress): no layout has a
  // field of its own; the bundle's ticks are `checked`, which keeps its handling.
  {
    why: "A textarea's defaultValue as children: no layout has a text field.",
    cut: 'e="textarea"==x&&null!=k.defaultValue?null:e&&n.call(u.childNodes)',
    put: 'e=e&&n.call(u.childNodes)',
  },
  {
    why: 'Skipping `value` while defaultValue is set: no layout has a controlled field.',
    cut: '"value"==s&&"defaultValue"in k||',
  },
  {
    why: "Skipping `checked` while defaultChecked is set: the bundle's ticks never set defaultChecked.",
    cut: '"checked"==s&&"defaultChecked"in k||',
  },
  {
    why: 'Holding `value` back to set after children: no layout has a controlled field.',
    cut: '"value"==s?w=y:',
  },
  {
    why: 'Setting `value` after children (inputs, textarea, option, progress): no layout has one.',
    cut: 'c&&"textarea"!=x||(s="value","progress"==x&&null==w?u.removeAttribute("value"):null!=w&&(w!==u[s]||"progress"==x&&!w||"option"==x&&w!=m[s])&&N(u,s,w,m[s],o),s="checked"',
    put: 'c||(s="checked"',
  },
  // Capture listeners (`onClickCapture`) and the focusin/focusout spellings Preact maps:
  // the layouts listen with onClick and onChange only, and wire the rest to the DOM.
  {
    why: 'Capture listeners and the onFocusIn/onFocusOut spellings: layouts use onClick and onChange.',
    cut: 'r=l!=(l=l.replace(s,"$1")),o=l.toLowerCase(),l=o in n||"onFocusOut"==l||"onFocusIn"==l?o.slice(2):l.slice(2),n.l||(n.l={}),n.l[l+r]=u,u?t?u[a]=t[a]:(u[a]=h,n.addEventListener(l,r?v:p,r)):n.removeEventListener(l,r?v:p,r)',
    put: 'r=!1,o=l.toLowerCase(),l=o in n?o.slice(2):l.slice(2),n.l||(n.l={}),n.l[l+r]=u,u?t?u[a]=t[a]:(u[a]=h,n.addEventListener(l,p,r)):n.removeEventListener(l,p,r)',
  },
  {
    why: 'The capture suffix pattern and the capture proxy: no capture listener is added.',
    cut: ',s=/(PointerCapture)$|Capture$/i,h=0,p=V(!1),v=V(!0),',
    put: ',h=0,p=V(!1),',
  },
  // The popover attribute: no layout opens one.
  {
    why: "The popover attribute's exception to property setting: no layout opens a popover.",
    cut: '"role"!=l&&"popover"!=l&&l in n',
    put: '"role"!=l&&l in n',
  },
  {
    why: "The popover attribute's empty-string value: no layout opens a popover.",
    cut: 'n.setAttribute(l,"popover"==l&&1==u?"":u)',
    put: 'n.setAttribute(l,u)',
  },
  // A component that returns a Fragment has its children unwrapped into its own; no layout
  // returns one (Fragment leaves the exports), and one that did would still render.
  {
    why: 'Unwrapping a Fragment a component returns: no layout returns one.',
    cut: 'p.state=p.__s,T=null!=s&&s.type===S&&null==s.key?E(s.props.children):s,f=L(n,g(T)?T:[T]',
    put: 'f=L(n,g(s)?s:[s]',
  },
  {
    why: 'Fragment leaves the exports, so an import of it fails the build.',
    cut: 'S as Fragment,',
  },
  // Rendering into `document` itself: Vitrine renders into its widget roots.
  {
    why: 'Rendering into `document` itself: Vitrine renders into its widget roots.',
    cut: 't==document&&(t=document.documentElement),',
  },
  // What the cut lifecycles, render queue and error boundaries kept on a component: its
  // state, its dirty and force flags, the parent and context a re-render used, the error
  // being handled. Nothing reads them any more.
  {
    why: 'State, dirty flags, parent and context kept on a component for re-renders: nothing reads them now.',
    cut: 't.__c?k=(p=u.__c=t.__c).__=p.__E:(u.__c=p=new C(x,P),p.constructor=F,p.render=Q,p.state||(p.state={}),p.__n=i,v=p.__d=!0),y=p.props,d=p.state,p.__v=u,v)0;else{if(u.__v==t.__v){u.__v!=t.__v&&(p.props=x,p.state=p.__s,p.__d=!1),',
    put: 't.__c?p=u.__c=t.__c:(u.__c=p=new C(x,P),p.constructor=F,p.render=Q,v=!0),p.__v=u,v)0;else{if(u.__v==t.__v){',
  },
  {
    why: 'Clearing the handled error on a component: no boundary sets one.',
    cut: ',k&&(p.__E=p.__=null)',
  },
  // `this.base` (a class component's DOM node) and what unmounting clears with it.
  {
    why: "Component#base, a class component's DOM node: nothing reads it.",
    cut: 'p.base=u.__e,',
  },
  {
    why: 'Clearing base, parent and context on unmount: nothing sets them now.',
    cut: ',null!=(i=n.__c)){i.base=i.__P=i.__n=null}if(',
    put: ',',
  },
  // Every render lands in a widget root, an HTML element whose namespace its children take:
  // none starts without one.
  {
    why: 'The HTML namespace default for a root without one: every widget root is an HTML element.',
    cut: 'o||(o="http://www.w3.org/1999/xhtml"),',
  },
  // A `<template>` element as a vnode: no layout renders one.
  {
    why: "A `<template>` element's content as the parent: no layout renders one.",
    cut: '"template"==t.type?u.content:u',
    put: 'u',
  },
  // defaultProps: no layout declares them; props arrive complete from mountWidget.
  {
    why: 'defaultProps in createElement: no layout declares them; mountWidget passes complete props.',
    cut: 'if(arguments.length>2&&(e.children=arguments.length>3?n.call(arguments,2):t),"function"==typeof l&&null!=l.defaultProps)for(o in l.defaultProps)void 0===e[o]&&(e[o]=l.defaultProps[o]);',
    put: 'arguments.length>2&&(e.children=arguments.length>3?n.call(arguments,2):t);',
  },];
